import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readClientAssets, routeModulePreload } from '../../src/server/ssr/client-manifest';
import { routeModuleSource } from '../../src/web/routes';
import { FIRST_LOAD_BUDGET_KB } from '../helpers/first-load-budget';

const CLIENT_DIR = 'dist/client';
const MANIFEST = path.join(CLIENT_DIR, '.vite/manifest.json');
const PAGES = ['home', 'category', 'product', 'search', 'about', 'not-found'];

// `npm test` builds first; a run of the unit tests alone on a fresh checkout has no bundle to read.
describe.runIf(fs.existsSync(MANIFEST))('the public first-load script', () => {
  const assets = readClientAssets(CLIENT_DIR)!;
  /** What the server names in a page's HTML (html-document.ts): the entry, its imports, the page's own chunk. */
  const firstLoad = (page: string) => [assets.entry, ...assets.preload, ...routeModulePreload(assets, [routeModuleSource(page)!])];
  const gzipBytes = (files: string[]) => files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length, 0);

  it('preloads each page’s own chunk, and nothing of the back-office', () => {
    for (const page of PAGES) {
      const source = routeModuleSource(page);
      expect(source, page).toBeDefined();
      expect(assets.routeModules?.[source!]?.length, page).toBeGreaterThan(0);
      expect(firstLoad(page).filter((file) => /admin|mount|quill|sortable/.test(file)), page).toEqual([]);
    }
  });

  it.each(['home', 'category', 'product'])(`the %s page loads at most ${FIRST_LOAD_BUDGET_KB} kB gzip of JavaScript before hydrating`, (page) => {
    expect(gzipBytes(firstLoad(page)) / 1024).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });

  it('carries no validation library: request schemas stay on the server and in the admin', () => {
    const files = [...new Set(PAGES.flatMap(firstLoad))];
    // zod's error class name survives minification (it is a string in the bundle).
    expect(files.filter((file) => fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8').includes('ZodError'))).toEqual([]);
  });
});
