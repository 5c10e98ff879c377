/**
 * The public stylesheet cut down to what one page's HTML uses (decision 077): the head inlines only
 * the rules whose selectors can match the classes the page holds, in their order; the whole sheet
 * follows as a link that applies once the page's script runs (html-document.ts), so what the script
 * shows later (menus, dialogs, the next page) is styled as before. A rule is kept when one of its
 * selectors names only classes the page has (classes inside :not(), :is(), :where() and :has() are
 * not required: kept rather than lost); rules without classes, keyframes and font faces always stay.
 */

type Block =
  | { kind: 'rule'; text: string; selectors: string[][] }
  | { kind: 'group'; prelude: string; children: Block[] }
  | { kind: 'other'; text: string };

/** Index of the `}` closing the block opened at `open`, skipping strings. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i += 1) {
    const char = css[i];
    if (char === '"' || char === "'") {
      i = stringEnd(css, i);
      continue;
    }
    if (char === '{') depth += 1;
    else if (char === '}' && (depth -= 1) === 0) return i;
  }
  return css.length - 1;
}

function stringEnd(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i += 1) {
    if (css[i] === '\\') i += 1;
    else if (css[i] === quote) return i;
  }
  return css.length - 1;
}

/** Next `{` or `;` at the top level from `from`, skipping strings; -1 when none. */
function nextDelimiter(css: string, from: number): number {
  for (let i = from; i < css.length; i += 1) {
    const char = css[i];
    if (char === '"' || char === "'") i = stringEnd(css, i);
    else if (char === '{' || char === ';') return i;
  }
  return -1;
}

/** Splits on commas outside parentheses and brackets. */
function topLevelSplit(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The classes a selector needs on the page: those outside functional pseudo-classes and attribute tests. */
function requiredClasses(selector: string): string[] {
  let plain = '';
  let depth = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i];
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (depth === 0) plain += char;
  }
  return [...plain.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((match) => match[1]!);
}

const GROUPS = /^@(?:media|supports|container|layer)\b/;

function parse(css: string): Block[] {
  const blocks: Block[] = [];
  let at = 0;
  while (at < css.length) {
    const delimiter = nextDelimiter(css, at);
    if (delimiter === -1) {
      const rest = css.slice(at).trim();
      if (rest) blocks.push({ kind: 'other', text: rest });
      break;
    }
    const prelude = css.slice(at, delimiter).trim();
    if (css[delimiter] === ';') {
      // A statement (`@charset`, `@layer a, b;`).
      blocks.push({ kind: 'other', text: css.slice(at, delimiter + 1) });
      at = delimiter + 1;
      continue;
    }
    const close = closingBrace(css, delimiter);
    if (GROUPS.test(prelude)) {
      blocks.push({ kind: 'group', prelude, children: parse(css.slice(delimiter + 1, close)) });
    } else if (prelude.startsWith('@')) {
      blocks.push({ kind: 'other', text: css.slice(at, close + 1) });
    } else {
      blocks.push({ kind: 'rule', text: css.slice(at, close + 1), selectors: topLevelSplit(prelude).map(requiredClasses) });
    }
    at = close + 1;
  }
  return blocks;
}

function keep(blocks: Block[], classes: ReadonlySet<string>): string {
  let out = '';
  for (const block of blocks) {
    if (block.kind === 'other') out += block.text;
    else if (block.kind === 'rule') {
      if (block.selectors.some((needed) => needed.every((name) => classes.has(name)))) out += block.text;
    } else {
      const inner = keep(block.children, classes);
      if (inner) out += `${block.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The classes written in a page's HTML (`class="a b"`). */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of match[1]!.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

const MAX_KEPT = 200;

/** The stylesheet parsed once; each page's cut is kept by its set of classes (pages of a kind share a few). */
export class CssSubset {
  private readonly blocks: Block[];
  private readonly cuts = new Map<string, string>();

  constructor(readonly css: string) {
    this.blocks = parse(css);
  }

  /** The rules that can apply to `html`. */
  forHtml(html: string): string {
    const classes = classesIn(html);
    const key = [...classes].sort().join(' ');
    let cut = this.cuts.get(key);
    if (cut === undefined) {
      cut = keep(this.blocks, classes);
      if (this.cuts.size >= MAX_KEPT) this.cuts.delete(this.cuts.keys().next().value!);
      this.cuts.set(key, cut);
    }
    return cut;
  }
}
