import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MANIFEST = 'dist/client/.vite/manifest.json';
type Chunk = { file: string; imports?: string[] };

/** The entry script and every chunk it imports statically: what every public page downloads. */
function firstLoadFiles(): string[] {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
  const files = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const key of chunk.imports ?? []) visit(manifest[key]!);
  };
  visit(manifest['src/web/entry-client.tsx']!);
  return [...files];
}

// `npm test` builds first; a run of the unit tests alone on a fresh checkout has no bundle to read.
describe.runIf(fs.existsSync(MANIFEST))('the public first-load script', () => {
  it('carries no validation library: request schemas stay on the server and in the admin', () => {
    const files = firstLoadFiles();
    expect(files.length).toBeGreaterThan(0);
    // zod's error class name survives minification (it is a string in the bundle).
    expect(files.filter((file) => fs.readFileSync(path.join('dist/client', file), 'utf8').includes('ZodError'))).toEqual([]);
  });
});
