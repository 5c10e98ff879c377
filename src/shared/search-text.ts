import type { Highlighted } from './schemas/search';

/**
 * The one notion of a "word" that indexing, querying and highlighting share:
 * runs of letters and digits, lower-cased, accents removed. Both databases
 * are given text already cut into these words, so SQLite's and PostgreSQL's
 * tokenizers never disagree with each other or with the highlighter, and no
 * character a visitor types can reach a full-text query as an operator.
 */
const WORD = /[\p{L}\p{N}]+/gu;

/** Lower-case, without accents (é → e): "Café" is found by "cafe" and the other way round. */
export const foldWord = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text, folded, in order. */
export const wordsOf = (text: string): string[] => (text.match(WORD) ?? []).map(foldWord).filter((word) => word.length > 0);

/** Words searched for at most; more add nothing to the answer and only cost. */
export const MAX_QUERY_WORDS = 8;
/** The longest query accepted (characters, after trimming). */
export const MAX_QUERY_LENGTH = 200;

/** The distinct words of a query, as searched: each one must start a word of the product (all must match). */
export const queryWords = (q: string): string[] => [...new Set(wordsOf(q))].slice(0, MAX_QUERY_WORDS);

export type { Highlighted };

/**
 * Cuts `text` into pieces, marking each word that starts with one of the
 * query words (the same prefix rule the search uses). Pure text in, pure text
 * out: the page renders pieces as React text, never as HTML.
 */
export function highlight(text: string, words: string[]): Highlighted {
  const pieces: Highlighted = [];
  const push = (piece: string, match: boolean) => {
    if (!piece) return;
    const last = pieces[pieces.length - 1];
    if (last && last.match === match) last.text += piece;
    else pieces.push({ text: piece, match });
  };
  let at = 0;
  for (const found of text.matchAll(WORD)) {
    const start = found.index;
    push(text.slice(at, start), false);
    const folded = foldWord(found[0]);
    push(found[0], words.length > 0 && words.some((word) => folded.startsWith(word)));
    at = start + found[0].length;
  }
  push(text.slice(at), false);
  return pieces;
}

/** Around the first matching word of a long text: about `size` characters, cut at spaces, with ellipses where cut. */
export function excerpt(text: string, words: string[], size = 180): string {
  if (text.length <= size) return text;
  let first = -1;
  for (const found of text.matchAll(WORD)) {
    const folded = foldWord(found[0]);
    if (words.some((word) => folded.startsWith(word))) {
      first = found.index;
      break;
    }
  }
  const start = first < size / 3 ? 0 : text.lastIndexOf(' ', first - Math.floor(size / 3)) + 1;
  let end = Math.min(text.length, start + size);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  return `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
}
