import { useCallback, useState } from 'react';

/**
 * What a screen reader hears after an item of an ordered list moved by a
 * button ("Rich text block moved to position 2 of 3."): the drag handle's
 * moves are announced by dnd-kit itself.
 */
export function useMoveAnnouncer() {
  const [message, setMessage] = useState('');
  const announce = useCallback((text: string) => {
    // A repeated text is still read out: the region changes to it from something else.
    setMessage((current) => (current === text ? `${text}\u00a0` : text));
  }, []);
  const region = (
    <p className="adm-visually-hidden" role="status" aria-live="polite">
      {message}
    </p>
  );
  return { announce, region };
}

type Props = {
  /** What the item is called, e.g. "block 2 (Rich text)": it names the buttons. */
  label: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  /** Items side by side (footer columns) move left and right. */
  across?: boolean;
};

/**
 * "Move up" and "Move down" for one item of an ordered list: the keyboard's
 * way to reorder besides the drag handle. At the ends the button says it
 * cannot move (aria-disabled) but keeps the focus, which a disabled button
 * would drop on the page.
 */
export function MoveButtons({ label, index, count, onMove, across = false }: Props) {
  const first = index === 0;
  const last = index === count - 1;
  const [back, on] = across ? ['left', 'right'] : ['up', 'down'];
  return (
    <>
      <button
        type="button"
        className="adm-button adm-button--small"
        aria-label={`Move ${label} ${back}`}
        aria-disabled={first || undefined}
        onClick={() => (first ? undefined : onMove(index, index - 1))}
      >
        Move {back}
      </button>
      <button
        type="button"
        className="adm-button adm-button--small"
        aria-label={`Move ${label} ${on}`}
        aria-disabled={last || undefined}
        onClick={() => (last ? undefined : onMove(index, index + 1))}
      >
        Move {on}
      </button>
    </>
  );
}
