// One lint configuration for the repository: TypeScript's recommended rules, React's hook rules,
// no import cycles, and Meridian's folder boundaries (scripts/lint/architecture.mjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { architecture } from './scripts/lint/architecture.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'e2e/artifacts/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX, architecture },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
        }),
      ],
    },
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'architecture/feature-public-file': 'error',
      'architecture/shared-knows-no-feature': 'error',
      'architecture/module-public-service': 'error',
      'architecture/test-helpers-in-test-folders': 'error',
      'architecture/no-domain-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Plain JavaScript runs on Node (scripts, this file): Node's globals. TypeScript checks its own.
    files: ['**/*.{mjs,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
