/** Reads a served page's <head> as a crawler does: the title, meta tags, links and JSON-LD blocks. */

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

const attributes = (tag: string) =>
  Object.fromEntries([...tag.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((match) => [match[1]!.toLowerCase(), decode(match[2]!)]));

export type ParsedHead = {
  title: string;
  /** Meta tags by `name` or `property`; a key seen twice is an error. */
  meta: Record<string, string>;
  canonical: string | undefined;
  icon: string | undefined;
  /** The raw text of each JSON-LD script, and its parsed value. */
  jsonLdText: string[];
  jsonLd: unknown[];
};

export function parseHead(html: string): ParsedHead {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta: Record<string, string> = {};
  for (const match of head.matchAll(/<meta\s[^>]*>/g)) {
    const tag = attributes(match[0]);
    const key = tag.property ?? tag.name;
    if (!key) continue;
    if (key in meta) throw new Error(`meta ${key} appears twice`);
    meta[key] = tag.content ?? '';
  }
  const link = (rel: string) => {
    const tag = [...head.matchAll(/<link\s[^>]*>/g)].map((match) => attributes(match[0])).find((a) => a.rel === rel);
    return tag?.href;
  };
  const jsonLdText = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
  return {
    title: decode(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    meta,
    canonical: link('canonical'),
    icon: link('icon'),
    jsonLdText,
    jsonLd: jsonLdText.map((text) => JSON.parse(text) as unknown),
  };
}

/** The JSON-LD blocks of a page as a flat list (one script may hold an array). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON of any shape; the tests' expectations check it
export type JsonLdBlock = Record<string, any>;
export const jsonLdBlocks = (head: ParsedHead) => head.jsonLd.flatMap((value) => (Array.isArray(value) ? value : [value])) as JsonLdBlock[];
