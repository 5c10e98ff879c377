import { fieldLabel } from './revision-diff';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The owner's edits (what differs between `base`, the version they started from, and `mine`) put
 * back on `latest`, the version stored now; `clashes` names the fields someone else also changed
 * to something else (the owner's value is kept: they see it in the form before saving).
 */
export function keepMyChanges<F>(base: F, mine: F, latest: F): { merged: F; clashes: string[] } {
  const b = base as Record<string, unknown>;
  const m = mine as Record<string, unknown>;
  const l = latest as Record<string, unknown>;
  const changed = Object.keys(m).filter((key) => !same(m[key], b[key]));
  const clashes = changed.filter((key) => !same(l[key], b[key]) && !same(l[key], m[key]));
  const merged = { ...l, ...Object.fromEntries(changed.map((key) => [key, m[key]])) } as F;
  return { merged, clashes: clashes.map(fieldLabel) };
}
