// Flat ESLint config: recommended JS + TypeScript rules, React hooks rules for the PWA, and the import-direction
// rule of ARCHITECTURE.md ("db <- edge <- (types and schema.ts only) app") with ESLint's own no-restricted-imports.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// Imports are relative (no path aliases), so a folder is recognised by the `../` chain that reaches it.
const up = String.raw`^(?:\.\./)+`;

/** db/ is the bottom layer: it knows nothing of the API or the app. */
const dbMayNotImport = {
  regex: `${up}(?:edge|app)(?:/|$)`,
  message: 'db/ is the bottom layer: it may not import from edge/ or app/.',
};

/** edge/ may use db/ but never the PWA. */
const edgeMayNotImport = {
  regex: `${up}app(?:/|$)`,
  message: 'edge/ may not import from app/.',
};

/**
 * app/ may take values only from edge's `schema.ts` files (zod shared with forms) and `constants.ts` files (plain
 * values such as price lists, without zod, so a screen that only shows them stays small); types from anywhere.
 */
const appMayNotImportEdge = {
  regex: String.raw`${up}edge(?:/(?!(?:[^/]+/)*(?:schema|constants)\.ts$).*)?$`,
  allowTypeImports: true,
  message: 'app/ may import from edge/ only `schema.ts` and `constants.ts` files (or `import type`).',
};
const appMayNotImportDb = {
  regex: `${up}db(?:/|$)`,
  allowTypeImports: true,
  message: 'app/ may not import from db/ (only `import type`).',
};

// Node globals for the few plain .js files (TypeScript files do not need no-undef).
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'URL', 'Buffer', 'setTimeout', 'clearTimeout', 'globalThis'].map((g) => [g, 'readonly']),
);

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'dist/',
    'dist-worker/',
    'dist-server/',
    'styled-system/',
    'app/routeTree.gen.ts',
    'db/migrations/',
    '.wrangler/',
    '.tmp/',
    'data/',
    'test-results/',
    'playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: nodeGlobals },
  },
  {
    rules: {
      // `_`-prefixed names mark intentionally unused parameters and destructured leftovers.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Type-aware rules for promises nobody waits for: an unawaited write or assertion passes or fails by timing.
    // Only these two (not the whole type-checked set) keep `npm run lint` fast.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['db/**/*.{ts,tsx,js}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [dbMayNotImport] }] },
  },
  {
    files: ['edge/**/*.{ts,tsx,js}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [edgeMayNotImport] }] },
  },
  {
    files: ['app/**/*.{ts,tsx,js}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appMayNotImportEdge, appMayNotImportDb] }] },
  },
]);
