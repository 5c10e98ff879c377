/** The content codings a cached page is kept in (page-cache.ts). */
export type Coding = 'br' | 'gzip' | 'identity';

/** What to send: a coding, or nothing acceptable (406). */
export type CodingChoice = Coding | null;

/** Ours, best first: a tie in the client's weights goes to the smaller bytes. */
const PREFERENCE: readonly Coding[] = ['br', 'gzip', 'identity'];

/** RFC 9110 §12.4.2: "q=" then 0, 0.xxx, 1 or 1.000 (up to three decimals). */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The coding of a page for an `Accept-Encoding` header (RFC 9110 §12.5.3):
 * - no header: any coding is acceptable; the plain bytes are sent, as static servers do;
 * - an empty header: only identity;
 * - weights (`q`) rank the codings, `q=0` refuses one; `*` stands for every coding not named;
 *   `x-gzip` is gzip (§8.4.1.3); codings we do not make (zstd, compress, …) are passed over;
 * - identity is acceptable unless refused by `identity;q=0`, or `*;q=0` with no weight of its own;
 * - nothing acceptable: null (the caller answers 406).
 * An element that does not parse (a bad weight) is ignored, like one we do not know.
 */
export function chooseCoding(header: string | undefined): CodingChoice {
  if (header === undefined) return 'identity';
  const weights = new Map<string, number>();
  for (const element of header.split(',')) {
    const [rawName = '', ...params] = element.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    let valid = true;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((part) => part.trim());
      if (key.toLowerCase() !== 'q') continue;
      if (!QVALUE.test(value)) valid = false;
      else weight = Number(value);
    }
    if (!valid) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    // A coding named twice: the first says it (senders do not repeat them; this keeps it one rule).
    if (!weights.has(coding)) weights.set(coding, weight);
  }
  const star = weights.get('*');
  const weightOf = (coding: Coding): number => {
    const own = weights.get(coding);
    if (own !== undefined) return own;
    if (star !== undefined) return star;
    // Not named, no "*": identity stays acceptable (weight just above nothing), other codings are not.
    return coding === 'identity' ? 0.001 : 0;
  };
  let best: CodingChoice = null;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weightOf(coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Browsers and clients send a handful of distinct headers: each is parsed
 * once. Bounded, so made-up headers cannot grow it.
 */
const remembered = new Map<string, CodingChoice>();
const REMEMBERED_MAX = 256;

export function codingFor(header: string | undefined): CodingChoice {
  if (header === undefined) return 'identity';
  const known = remembered.get(header);
  if (known !== undefined) return known;
  const choice = chooseCoding(header);
  if (remembered.size >= REMEMBERED_MAX) remembered.clear();
  remembered.set(header, choice);
  return choice;
}

/**
 * If-None-Match against one ETag with the weak comparison (RFC 9110
 * §13.1.2): a list of tags or `*`, `W/` ignored on both sides.
 */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === opaque;
  });
}
