import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readClientAssets } from '../../src/server/ssr/client-manifest';
import { FIRST_LOAD_BUDGET_KB } from '../helpers/first-load-budget';

const CLIENT_DIR = 'dist/client';
const MANIFEST = path.join(CLIENT_DIR, '.vite/manifest.json');
const ROUTE_MODULES = fs.existsSync('src/web/route-modules') ? fs.readdirSync('src/web/route-modules').map((file) => file.replace(/\.ts$/, '')) : [];

// `npm test` builds first; a run of the unit tests alone on a fresh checkout has no bundle to read.
describe.runIf(fs.existsSync(MANIFEST))('the public first-load script', () => {
  const assets = readClientAssets(CLIENT_DIR)!;
  /** What a public page loads before hydrating (html-document.ts): the entry and the modules it names. */
  const firstLoad = [assets.entry, ...assets.preload];
  const text = (file: string) => fs.readFileSync(path.join(CLIENT_DIR, file), 'utf8');
  const gzipBytes = (files: string[]) => files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(CLIENT_DIR, file)), { level: 9 }).length, 0);

  it('is three files: the runtime, the entry and one chunk of every public page’s own code', () => {
    expect(firstLoad).toHaveLength(3);
    expect(firstLoad.filter((file) => /\/pages-[\w-]+\.js$/.test(file))).toHaveLength(1);
    // Every page's route module is in it: no page fetches its code after the first load.
    const manifest = JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Record<string, unknown>;
    expect(ROUTE_MODULES.length).toBeGreaterThanOrEqual(6);
    for (const page of ROUTE_MODULES) expect(Object.keys(manifest), page).not.toContain(`src/web/route-modules/${page}.ts`);
  });

  it('carries nothing of the back-office', () => {
    expect(firstLoad.filter((file) => /admin|mount|quill|sortable/.test(file))).toEqual([]);
  });

  it(`loads at most ${FIRST_LOAD_BUDGET_KB} kB gzip of JavaScript before hydrating`, () => {
    expect(gzipBytes(firstLoad) / 1024).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
  });

  it('carries no validation library: request schemas stay on the server and in the admin', () => {
    // zod's error class name survives minification (it is a string in the bundle).
    expect(firstLoad.filter((file) => text(file).includes('ZodError'))).toEqual([]);
  });

  it('has a starter small enough to write into every page, that names no other file', () => {
    expect(assets.starter).toBeDefined();
    expect(assets.starter!.text.length).toBeLessThan(1024);
    expect(assets.starter!.text).not.toMatch(/\bimport\s*[{*\w]|from\s*["'`]/);
  });
});
