import fs from 'node:fs';
import path from 'node:path';

/**
 * What one page needs from the client build: its entry script, the styles, and the modules to preload.
 * `inlineCss` is the stylesheets' text, written into the page so that the first paint waits for no
 * other request (the public CSS is ~4 kB gzip; a render-blocking round trip costs more on a phone).
 * `routeModules` maps each page's own chunk (src/web/routes.tsx) to the files it adds to the entry's:
 * a page preloads only the ones of the routes it shows.
 */
export type ClientAssets = {
  entry: string;
  css: string[];
  preload: string[];
  inlineCss?: string;
  routeModules?: Record<string, string[]>;
};

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean; src?: string };
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'src/web/entry-client.tsx';
/** The pages' own chunks (routes.tsx); other dynamic imports (the back-office, viewers) are never preloaded. */
const ROUTE_MODULES = /^src\/web\/route-modules\//;

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
  /** The chunk's file and those of its static imports, in load order, each once. */
  const closure = (start: ManifestChunk, seen: Set<string>): string[] => {
    const files: string[] = [];
    const visit = (chunk: ManifestChunk) => {
      for (const sheet of chunk.css ?? []) css.add(`/${sheet}`);
      for (const key of chunk.imports ?? []) {
        const imported = manifest[key];
        if (!imported || seen.has(imported.file)) continue;
        seen.add(imported.file);
        files.push(`/${imported.file}`);
        visit(imported);
      }
    };
    visit(start);
    return files;
  };
  const entryFiles = new Set([entry.file]);
  const preload = closure(entry, entryFiles);
  const routeModules: Record<string, string[]> = {};
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!ROUTE_MODULES.test(key)) continue;
    // Each page's own files, minus what the entry already brings.
    routeModules[key] = [`/${chunk.file}`, ...closure(chunk, new Set([...entryFiles, chunk.file]))];
  }
  // A page's styles are in the document from the start, whichever page is first: no restyling after a navigation.
  const inlineCss = [...css].map((href) => fs.readFileSync(path.join(clientDir, href), 'utf8')).join('\n');
  // A closing tag inside would end the <style> early; never in our CSS, but then keep the link.
  return { entry: `/${entry.file}`, css: [...css], preload, routeModules, ...(/<\/style/i.test(inlineCss) ? {} : { inlineCss }) };
}

/** The files a page with these route modules preloads beyond the entry's: each once, in order. */
export function routeModulePreload(assets: ClientAssets, sources: string[]): string[] {
  return [...new Set(sources.flatMap((source) => assets.routeModules?.[source] ?? []))];
}

/** dist/client next to the server bundle (dist/server/main.js), or under the working directory (tests, dev). */
export function findClientDir(): string | null {
  const candidates = [
    path.resolve(import.meta.dirname ?? '.', '../client'),
    path.resolve(process.cwd(), 'dist/client'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, '.vite', 'manifest.json'))) ?? null;
}
