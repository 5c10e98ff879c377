import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// React Router's own link components weigh on every public page's first load (components/link.tsx).
const WEB_PATHS = [{ name: 'react-router', importNames: ['Link', 'NavLink', 'Form'], message: 'Use Link and NavLink from src/web/components/link.tsx.' }];
const FEATURE_WALL = 'Admin features do not import each other (move what they share to admin/lib or admin/components).';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The React Compiler rules of react-hooks 7 flag ordinary effect patterns; keep the classic two.
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/refs': 'off',
      'react-hooks/immutability': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Migrations are frozen in time and typed against Kysely<any> on purpose.
    files: ['src/server/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Shared code is imported by both server and browser: it must not reach into either.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**'] }],
    },
  },
  {
    // The browser never imports the server's database code.
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/server/**'],
          paths: WEB_PATHS,
        },
      ],
    },
  },
  {
    // The public pages render with the site's own router (src/web/router, docs/decisions/046): a
    // React Router hook there would fail in the browser, and React Router would join the first load.
    files: ['src/web/{pages,layout,components,hooks,images}/**', 'src/web/router/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['**/server/**'],
          paths: [{ name: 'react-router', allowTypeImports: true, message: 'Public pages use src/web/router.' }],
        },
      ],
    },
  },
  {
    // Every typed secret is checked through the secret guard, with its lock-out, hashing cap and audit trail (decision 049).
    files: ['src/server/**'],
    ignores: ['src/server/modules/auth/secret-guard.ts', 'src/server/modules/auth/admin-password.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./password', '**/auth/password'], importNames: ['verifyPassword'], message: 'Check the password through SecretGuard (secret-guard.ts).' },
            { group: ['./two-factor', '**/auth/two-factor'], importNames: ['checkSecondFactor'], message: 'Check codes through SecretGuard (secret-guard.ts).' },
          ],
        },
      ],
    },
  },
  // Walls between the server's layers (decision 056): `db` knows nothing above it; the write path
  // (`content`: types, the write unit, its effects, change events) knows no module or route. These
  // folders import nothing of `modules`, so the secret-guard rule above has nothing to check there.
  {
    files: ['src/server/db/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(http|modules|content)/', message: 'db is the bottom layer: it imports no http, modules or content code.' }] }],
    },
  },
  {
    files: ['src/server/content/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)(http|modules)/', message: 'The write path (content) imports no modules or http code: they import it.' }] }],
    },
  },
  // Admin features do not import each other: what two share lives in src/web/admin/lib or components.
  ...fs.readdirSync(path.join(import.meta.dirname, 'src/web/admin/features')).map((feature) => ({
    files: [`src/web/admin/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: WEB_PATHS,
          patterns: [
            { group: ['**/server/**'] },
            { regex: `(^|/)features/(?!${feature}/)`, message: FEATURE_WALL },
            { regex: `^(\\.\\./)+(?!${feature}/)[a-z-]+/(api|components|hooks)/`, message: FEATURE_WALL },
          ],
        },
      ],
    },
  })),
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
