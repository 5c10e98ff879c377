import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
          // React Router's own link components weigh on every public page's first load (components/link.tsx).
          paths: [{ name: 'react-router', importNames: ['Link', 'NavLink', 'Form'], message: 'Use Link and NavLink from src/web/components/link.tsx.' }],
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
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
);
