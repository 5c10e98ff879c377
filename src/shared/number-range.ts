// A number attribute's range as an address or the API gives it (decision 072): one rule for the
// server's reading and the browser's, so a page followed in place asks the API only what the
// server's page would read.

const RANGE = /^(-?\d+(?:\.\d+)?)?-(-?\d+(?:\.\d+)?)?$/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

export type NumberRange = { min: number | undefined; max: number | undefined };

/** `min-max`, `min-`, `-max` or one number; undefined when the text is none of them, or its minimum is above its maximum. */
export function readRange(text: string): NumberRange | undefined {
  const value = text.trim();
  if (NUMBER.test(value) && !value.startsWith('-')) return { min: Number(value), max: Number(value) };
  const match = RANGE.exec(value);
  if (!match || (match[1] === undefined && match[2] === undefined)) return undefined;
  const min = match[1] === undefined ? undefined : Number(match[1]);
  const max = match[2] === undefined ? undefined : Number(match[2]);
  if (min !== undefined && max !== undefined && min > max) return undefined;
  return { min, max };
}

/** `300-100`: a range written in full whose minimum is above its maximum (a page reads it as no range; the API refuses it). */
export function isUpsideDownRange(text: string): boolean {
  const match = RANGE.exec(text.trim());
  return match?.[1] !== undefined && match[2] !== undefined && Number(match[1]) > Number(match[2]);
}
