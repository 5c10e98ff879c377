import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CLIENT_DIR = 'dist/client';
const MANIFEST = path.join(CLIENT_DIR, '.vite/manifest.json');
const LIST_SCREENS = [
  'src/web/admin/features/products/components/products-list-screen.tsx',
  'src/web/admin/features/subscribers/components/subscribers-screen.tsx',
  'src/web/admin/features/pages/components/pages-list-screen.tsx',
  'src/web/admin/features/forms/components/forms-inbox-screen.tsx',
];

type Chunk = { file: string; imports?: string[] };

// `npm test` builds first; a run of the unit tests alone on a fresh checkout has no bundle to read.
describe.runIf(fs.existsSync(MANIFEST))('the admin list screens’ first load', () => {
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
  /** The chunk's file and those of everything it imports statically: what must run before the screen renders. */
  const staticClosure = (key: string): string[] => {
    const files = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    visit(key);
    return [...files];
  };

  it.each(LIST_SCREENS)('%s evaluates no validation library', (screen) => {
    const files = staticClosure(screen);
    expect(files.length).toBeGreaterThan(1);
    // zod's error class name survives minification (it is a string in the bundle).
    expect(files.filter((file) => fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8').includes('ZodError'))).toEqual([]);
  });
});
