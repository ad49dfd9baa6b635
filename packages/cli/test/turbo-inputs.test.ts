import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const json = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(`${root}${path}`, 'utf8')) as Record<string, unknown>;
const scripts = json('package.json')['scripts'] as Record<string, string>;

/** The tasks `turbo run <tasks>` would run, with the files each one hashes. */
function dryRun(...tasks: string[]): { taskId: string; inputs: Record<string, string> }[] {
  const out = execFileSync('pnpm', ['exec', 'turbo', 'run', ...tasks, '--dry=json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
    maxBuffer: 64 << 20,
  });
  return (JSON.parse(out) as { tasks: { taskId: string; inputs: Record<string, string> }[] }).tasks;
}

/**
 * Turbo must never serve a stale gate or test result from its cache when only the corpus changed:
 * it caches builds and typechecks, whose inputs are sources; the gates and the tests, which read
 * the corpus, run outside it.
 */
describe('turbo caching and the corpus', () => {
  it('the check script runs the gates outside turbo, after a build', () => {
    expect(scripts['check']).toMatch(/^turbo run build .*&& node packages\/cli\/dist\/openwop-spec\.js check$/);
  });

  it('the test script builds through turbo, then runs vitest outside it', () => {
    expect(scripts['test']).toMatch(/^turbo run build .*&& vitest run$/);
  });

  it('turbo has no test task whose result it could cache', () => {
    const tasks = Object.keys(json('turbo.json')['tasks'] as object);
    expect(tasks.filter((t) => t === 'test' || t.endsWith('#test'))).toEqual([]);
  });

  it("the typecheck task hashes every package's sources and tests", () => {
    const [task, ...others] = dryRun('typecheck');
    expect([task?.taskId, others]).toEqual(['//#typecheck', []]);
    const inputs = Object.keys(task!.inputs);
    for (const file of [
      'tsconfig.test.json',
      'packages/spec-tree/src/index.ts',
      'packages/cli/test/turbo-inputs.test.ts',
      'packages/conformance/src/scenarios/fixtures-valid.test.ts',
    ]) {
      expect(inputs, `typecheck must hash ${file}`).toContain(file);
    }
  });

  it('pnpm lint runs the typecheck, the linter and the formatter check through turbo, and CI runs pnpm lint', () => {
    expect(scripts['lint']).toMatch(/^turbo run typecheck lint:code lint:format /);
    expect(readFileSync(`${root}.ci/run`, 'utf8')).toMatch(/^pnpm lint \|\| status=1$/m);
  });

  it('the lint tasks hash every file they read and their configs', () => {
    const tasks = dryRun('lint:code', 'lint:format');
    const inputs = (id: string): string[] => Object.keys(tasks.find((t) => t.taskId === id)?.inputs ?? {});
    const code = [
      'packages/spec-tree/src/index.ts',
      'packages/cli/test/turbo-inputs.test.ts',
      'packages/cli/vitest.config.ts',
      'scripts/test-summary.mjs',
      'vitest.shared.ts',
    ];
    for (const file of [...code, 'eslint.config.js', 'tsconfig.test.json', 'tsconfig.lint.json']) {
      expect(inputs('//#lint:code'), `lint:code must hash ${file}`).toContain(file);
    }
    for (const file of [...code, 'biome.json'])
      expect(inputs('//#lint:format'), `lint:format must hash ${file}`).toContain(file);
  });
});
