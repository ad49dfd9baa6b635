// @ts-check
// `pnpm lint` (with the formatter check): typescript-eslint's type-checked recommended rules plus
// the rules below, over every package's sources and tests, root configs and scripts/.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    // Generated code and the spec corpus are not linted; dist/ is build output.
    ignores: ['**/dist/', '**/*.generated.ts', 'spec/', 'schemas/', 'RFCS/', 'evidence/', 'SECURITY/', 'docs/'],
  },
  {
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // One program for every package's sources and tests (the one `pnpm typecheck` builds, no
        // build needed), one for the files outside it.
        project: ['./tsconfig.test.json', './tsconfig.lint.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
      // `{ dropped: _, ...kept }` names what it leaves out; `_options` is a parameter an interface
      // requires and this implementation does not read.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      // `async` is how this code implements Promise-returning interfaces (gates, MCP clients, change
      // sources, stubs): a throw inside becomes a rejection, which callers rely on, with or without
      // an `await` in the body.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON bodies, SDK results and parsed output as `any` and let expect() check them;
    // plain JavaScript declares no types, so everything in it is `any`.
    files: ['packages/*/test/**', '**/*.{js,mjs,cjs}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // CommonJS preload script (see its header).
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', process: 'readonly', module: 'writable' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
