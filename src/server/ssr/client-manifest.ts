import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What a page needs from the client build: its entry script, the styles, and the modules to preload
 * (the entry's imports and `pages`, the one chunk of every public page's own code, decision 048).
 * `inlineCss` is the stylesheets' text, written into the page so that the first paint waits for no
 * other request (the public CSS is ~4 kB gzip; a render-blocking round trip costs more on a phone).
 */
export type ClientAssets = {
  entry: string;
  /** The script, written into the page, that starts the entry once its hero is painted (decision 048). */
  starter?: InlineScript;
  css: string[];
  preload: string[];
  inlineCss?: string;
};

/** A script written into the page, and its CSP source (`'sha256-…'`): the policy allows no other inline script. */
export type InlineScript = { text: string; hash: string };

type ManifestChunk = { file: string; name?: string; css?: string[]; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean; src?: string };
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'src/web/entry-client.tsx';
const STARTER = 'src/web/start-after-picture.ts';
/** The chunk of the public pages' own modules (vite.config.ts); other dynamic imports (the back-office, viewers) are never preloaded. */
const PAGES_CHUNK = 'pages';

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
  const pages = Object.values(manifest).find((chunk) => chunk.name === PAGES_CHUNK && !chunk.isEntry);
  if (pages && !entryFiles.has(pages.file)) {
    entryFiles.add(pages.file);
    preload.push(`/${pages.file}`, ...closure(pages, entryFiles));
  }
  // A page's styles are in the document from the start, whichever page is first: no restyling after a navigation.
  const inlineCss = [...css].map((href) => fs.readFileSync(path.join(clientDir, href), 'utf8')).join('\n');
  // A closing tag inside would end the <style> early; never in our CSS, but then keep the link.
  const starter = manifest[STARTER] ? inlineScript(fs.readFileSync(path.join(clientDir, manifest[STARTER].file), 'utf8')) : undefined;
  return {
    entry: `/${entry.file}`,
    ...(starter ? { starter } : {}),
    css: [...css],
    preload,
    ...(/<\/style/i.test(inlineCss) ? {} : { inlineCss }),
  };
}

/** A script's text as the page holds it, unless it could close its own tag (then it is not written in). */
function inlineScript(text: string): InlineScript | undefined {
  if (/<\/script/i.test(text)) return undefined;
  return { text, hash: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
}

/** dist/client next to the server bundle (dist/server/main.js), or under the working directory (tests, dev). */
function findClientDir(): string | null {
  const candidates = [
    path.resolve(import.meta.dirname ?? '.', '../client'),
    path.resolve(process.cwd(), 'dist/client'),
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, '.vite', 'manifest.json'))) ?? null;
}

export type ClientBuild = { dir: string | null; assets: ClientAssets | null };
let loaded: ClientBuild | undefined;

/**
 * The client build, found and read once per process: the page renderer and the security headers (which
 * allow the inline starter by its hash) read the same build. Nulls without a client build (some tests).
 */
export function clientBuild(): ClientBuild {
  if (!loaded) {
    const dir = findClientDir();
    loaded = { dir, assets: dir ? readClientAssets(dir) : null };
  }
  return loaded;
}
