/**
 * ESLint: recommended rules for TypeScript and React, with type information, over every
 * TypeScript file of the project.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: ['build/', '.docusaurus/', '.generated/', 'node_modules/', 'test-results/', 'playwright-report/', 'tests/fixtures/*/build/', 'tests/fixtures/*/.docusaurus/'],
  },
  {
    // Moodle plugin code the plugin scanner's tests read (AMD modules, a minified build copy): not this project's code.
    ignores: ['tests/fixtures/api-changes/plugins/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ['**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    settings: { react: { version: 'detect' } },
  },
  reactHooks.configs.flat['recommended-latest'],
  {
    rules: {
      // Template literals with numbers are common and clear in messages and paths.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // Docusaurus' own types mark many optional values as always present; the checks stay readable.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // Plugin lifecycle methods are async by contract even when they do no awaiting.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['tests/**/*.ts'],
    rules: {
      // Playwright fixtures destructure with an empty pattern when they use no other fixture.
      'no-empty-pattern': 'off',
    },
  },
);
