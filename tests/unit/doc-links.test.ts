import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository's documents point only at what the repository holds (decision 058): every
 * relative link resolves, every decision record is dated, has a status and a row in the index,
 * and every decision a comment or a document cites exists.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const DECISIONS = path.join(ROOT, 'docs/decisions');

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const markdown = [path.join(ROOT, 'README.md'), ...filesUnder(path.join(ROOT, 'docs'), (name) => name.endsWith('.md'))];
const records = fs.readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name));
const recordNumbers = new Set(records.map((name) => name.slice(0, 3)));
const relative = (file: string) => path.relative(ROOT, file);

describe('documents and comments', () => {
  it('link only to files that exist', () => {
    const broken: string[] = [];
    for (const file of markdown) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        if (/^(?:[a-z]+:|#)/i.test(target!)) continue;
        const [pathPart] = target!.split('#');
        if (!fs.existsSync(path.resolve(path.dirname(file), decodeURI(pathPart!)))) broken.push(`${relative(file)} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('give every decision record a date, a status and a row in the index', () => {
    const index = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    const problems: string[] = [];
    for (const name of records) {
      const [title, , dated] = fs.readFileSync(path.join(DECISIONS, name), 'utf8').split('\n');
      if (!title?.startsWith(`# ${name.slice(0, 3)}`)) problems.push(`${name}: the title does not start with its number`);
      if (!/^Date: \d{4}-\d{2}-\d{2}\s*[·.]\s*Status: \S/.test(dated ?? '')) problems.push(`${name}: no "Date: … · Status: …" line under the title`);
      if (!index.includes(`](${name})`)) problems.push(`${name}: no row in docs/decisions/README.md`);
    }
    expect(problems).toEqual([]);
  });

  it('cite only decision records that exist, in code and documents alike', () => {
    const sources = [
      ...markdown,
      ...['src', 'tests', 'scripts'].flatMap((dir) => filesUnder(path.join(ROOT, dir), (name) => /\.(?:[cm]?[jt]sx?|css)$/.test(name))),
    ];
    const missing: string[] = [];
    for (const file of sources) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [cited, number] of text.matchAll(/\b(?:decisions?|docs\/decisions\/|superseded (?:in part )?by|amended by) ?(\d{3})\b/gi)) {
        if (!recordNumbers.has(number!)) missing.push(`${relative(file)}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('cite no section of a document the repository does not hold (frozen migrations aside)', () => {
    const cited: string[] = [];
    for (const file of filesUnder(path.join(ROOT, 'src'), (name) => /\.(?:tsx?|css)$/.test(name))) {
      if (file.includes(`${path.sep}migrations${path.sep}`)) continue;
      for (const [line, text] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
        if (/\bspec §|DESIGN\.md/i.test(text)) cited.push(`${relative(file)}:${line + 1}`);
      }
    }
    expect(cited).toEqual([]);
  });
});
