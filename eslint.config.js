// @ts-check
/**
 * ESLint for the whole tree, which `npm run lint` covers (scripts/lint.mjs;
 * Prettier's check there covers only its FORMATTED list for now).
 *
 *  - typescript-eslint's recommended rules, on TypeScript without type
 *    information (fast enough to run in `npm test`);
 *  - import-x: no import cycles (type-only imports are erased and do not
 *    count), no unresolved or duplicate imports;
 *  - react-hooks and jsx-a11y for the page's components;
 *  - eslint-config-prettier last: formatting is Prettier's (.prettierrc.json).
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'dist-file/', 'build/', 'node_modules/', 'test-results/', 'playwright-report/', 'out/', 'bench/sweep/out/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // TypeScript checks names and exports itself (and knows `import type`).
      'import-x/namespace': 'off',
      'import-x/named': 'off',
      'import-x/default': 'off',
      'import-x/no-named-as-default-member': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests build broken scenario and sweep files on purpose: loose JSON trees are their material.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The page: the browser, its workers, React.
    files: ['src/ui/**/*.{ts,tsx}', 'src/store/**/*.{ts,tsx}', 'src/worker/**/*.ts', 'src/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
  },
  {
    // Hooks live in components and in the page's hook modules (use-*.ts) alike.
    files: ['**/*.tsx', 'src/ui/**/*.ts', 'src/store/**/*.ts'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  prettier,
);
