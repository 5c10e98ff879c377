import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = import.meta.dirname;
const reactRouterProduction = path.join(root, 'node_modules/react-router/dist/production');

/**
 * Two builds from one config:
 *  - `vite build`: the browser bundle (dist/client), hashed, with a manifest the server reads.
 *  - `vite build --ssr`: the server (dist/server/main.js) and the operator's commands (cli.js),
 *    which server-renders the same React routes.
 */
export default defineConfig(({ mode, isSsrBuild }) => {
  const production = mode === 'production';
  return {
    plugins: [react()],
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
          rollupOptions: { input: path.join(root, 'src/web/entry-client.tsx') },
        },
  };
});
