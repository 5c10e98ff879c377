import fs from 'node:fs';
import path from 'node:path';

/**
 * What one page needs from the client build: its entry script, the styles, and the modules to preload.
 * `inlineCss` is the stylesheets' text, written into the page so that the first paint waits for no
 * other request (the public CSS is ~4 kB gzip; a render-blocking round trip costs more on a phone).
 */
export type ClientAssets = { entry: string; css: string[]; preload: string[]; inlineCss?: string };

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; src?: string };
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'src/web/entry-client.tsx';

/**
 * Reads dist/client/.vite/manifest.json. Only static imports are followed:
 * the admin app is a dynamic import and must never be preloaded by public pages.
 */
export function readClientAssets(clientDir: string): ClientAssets | null {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return null;
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = manifest[CLIENT_ENTRY] ?? Object.values(manifest).find((chunk) => chunk.isEntry);
  if (!entry) return null;
  const css = new Set<string>();
  const preload = new Set<string>();
  const seen = new Set<string>();
  const visit = (chunk: ManifestChunk) => {
    for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
    for (const key of chunk.imports ?? []) {
      const imported = manifest[key];
      if (!imported || seen.has(key)) continue;
      seen.add(key);
      preload.add(`/${imported.file}`);
      visit(imported);
    }
  };
  visit(entry);
  const inlineCss = [...css].map((href) => fs.readFileSync(path.join(clientDir, href), 'utf8')).join('\n');
  // A closing tag inside would end the <style> early; never in our CSS, but then keep the link.
  return { entry: `/${entry.file}`, css: [...css], preload: [...preload], ...(/<\/style/i.test(inlineCss) ? {} : { inlineCss }) };
}

/** dist/client next to the server bundle (dist/server/main.js), or under the working directory (tests, dev). */
export function findClientDir(): string | null {
  const candidates = [
    path.resolve(import.meta.dirname ?? '.', '../client'),
    path.resolve(process.cwd(), 'dist/client'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, '.vite', 'manifest.json'))) ?? null;
}
