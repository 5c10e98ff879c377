import { Fragment } from 'react';
import type { Highlighted } from '../../shared/search-text';

/** Text with the matched words in <mark>: React escapes every piece, so stored text can never become markup. */
export function MarkedText({ pieces }: { pieces: Highlighted }) {
  return (
    <>
      {pieces.map((piece, index) => (piece.match ? <mark key={index}>{piece.text}</mark> : <Fragment key={index}>{piece.text}</Fragment>))}
    </>
  );
}
