// The repository's ESLint config (eslint.config.js, run by `pnpm lint`): the promise and type rules
// are errors for sources and tests alike, and the corpus and generated code are not linted.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });
const REQUIRED = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/consistent-type-imports',
  '@typescript-eslint/no-unnecessary-condition',
];

/** The severity (2 = error) of each required rule for `file`. */
async function severities(file: string): Promise<Record<string, unknown>> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown[]> };
  return Object.fromEntries(REQUIRED.map((rule) => [rule, config.rules[rule]?.[0]]));
}

describe('eslint.config.js', () => {
  it.each(['packages/spec-tree/src/tree.ts', 'packages/cli/test/main.test.ts', 'vitest.shared.ts'])(
    'makes the promise and type rules errors in %s, with type information',
    async (file) => {
      expect(await severities(file)).toEqual(Object.fromEntries(REQUIRED.map((rule) => [rule, 2])));
      const config = (await eslint.calculateConfigForFile(file)) as {
        languageOptions: { parserOptions: { project?: unknown } };
      };
      expect(config.languageOptions.parserOptions.project).toEqual(['./tsconfig.test.json', './tsconfig.lint.json']);
    },
  );

  it('ignores the corpus, build output and generated code', async () => {
    for (const file of [
      'spec/v2/x.ts',
      'schemas/x.js',
      'docs/x.ts',
      'packages/cli/dist/main.js',
      'packages/gate-scenario-majors/src/config-validator.generated.ts',
    ]) {
      expect(await eslint.isPathIgnored(file), file).toBe(true);
    }
    expect(await eslint.isPathIgnored('packages/cli/src/main.ts')).toBe(false);
  });
});
