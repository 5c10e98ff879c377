import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;
const reactRouterProduction = path.join(root, 'node_modules/react-router/dist/production');

/**
 * React Router ships one pre-bundled file whose components are created at the top level
 * (`var Link = React.forwardRef(...)`, then `Link.displayName = "Link"`). A bundler must assume that
 * such a call and assignment have side effects, so every such component stays in the public script
 * whether it is used or not. forwardRef, createContext and memo have none: marking their calls pure
 * and dropping the display names (a debugging aid) lets unused ones go. The first-load budget test
 * (tests/unit/public-bundle.test.ts) notices if a new React Router release no longer matches.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'showcase:react-router-tree-shaking',
    transform(code, id) {
      if (!id.startsWith(reactRouterProduction)) return null;
      const shaken = code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/= (React\d*\.(?:forwardRef|createContext|memo))\(/g, '= /* @__PURE__ */ $1(');
      // Lines stay where they were (a removed line is left empty), so the incoming source map still holds.
      return { code: shaken, map: null };
    },
  };
}

/**
 * Two builds from one config:
 *  - `vite build`: the browser bundle (dist/client), hashed, with a manifest the server reads.
 *  - `vite build --ssr`: the server (dist/server/main.js) and the operator's commands (cli.js),
 *    which server-renders the same React routes.
 */
export default defineConfig(({ mode, isSsrBuild }) => {
  const production = mode === 'production';
  return {
    plugins: [react(), ...(production ? [reactRouterTreeShaking()] : [])],
    resolve: {
      // React Router maps every export condition to its development build (DESIGN.md §2).
      alias: production
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
          ]
        : [],
    },
    define: production ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
    ssr: {
      // Bundled so the alias above applies on the server too.
      noExternal: ['react-router'],
    },
    build: isSsrBuild
      ? {
          outDir: 'dist/server',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: true,
          // The server and the operator's commands (backup, restore, password) share chunks beside them.
          rollupOptions: {
            input: { main: path.join(root, 'src/server/main.ts'), cli: path.join(root, 'src/server/cli.ts') },
            output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
          },
        }
      : {
          outDir: 'dist/client',
          emptyOutDir: true,
          manifest: true,
          sourcemap: false,
          rollupOptions: {
            // The pages' script, and the tiny one that starts it after a page's hero is painted (decision 048).
            input: [path.join(root, 'src/web/entry-client.tsx'), path.join(root, 'src/web/start-after-picture.ts')],
            output: {
              // Everything the entry imports statically (React, React Router, the layout) in one file:
              // the back-office's shared use of React would otherwise split it into small chunks, each
              // compressed on its own and so larger in total (tests/unit/public-bundle.test.ts).
              // The starter imports nothing and stays a file of its own. Every public page's own code
              // is one more file, `pages` (client-manifest.ts): a page loads three script files, not a
              // dozen small ones whose fetching and compiling each cost a phone a task (decision 048).
              codeSplitting: {
                groups: [
                  { name: 'entry-client', tags: ['$initial'], test: /^(?!.*start-after-picture)/ },
                  { name: 'pages', test: /src\/web\/route-modules\// },
                ],
              },
            },
          },
        },
  };
});
