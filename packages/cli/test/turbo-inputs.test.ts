import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface DryTask {
  taskId: string;
  inputs: Record<string, string>;
}

/**
 * Turbo must never serve a stale gate result from its cache when only the corpus changed: the gates
 * run as a root task outside turbo, and the test tasks that read the corpus declare it as input.
 */
describe('turbo caching and the corpus', () => {
  it('the check script runs the gates outside turbo, after a build', () => {
    const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['check']).toMatch(/^turbo run build .*&& node packages\/cli\/dist\/openwop-spec\.js check$/);
  });

  it('every gate test task lists corpus files among its hashed inputs', () => {
    const out = execFileSync('pnpm', ['exec', 'turbo', 'run', 'test', '--dry=json', '--filter=./packages/gate-*'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
      maxBuffer: 64 << 20,
    });
    const tasks = (JSON.parse(out) as { tasks: DryTask[] }).tasks.filter((t) => t.taskId.endsWith('#test'));
    expect(tasks.map((t) => t.taskId).sort()).toEqual([
      '@openwop-spec/gate-core-budget#test',
      '@openwop-spec/gate-declaration#test',
      '@openwop-spec/gate-normative-home#test',
      '@openwop-spec/gate-scenario-majors#test',
      '@openwop-spec/gate-schemas#test',
    ]);
    for (const task of tasks) {
      const inputs = Object.keys(task.inputs);
      for (const corpusFile of [
        '../../spec/v2/declaration.json',
        '../../spec/v2/core/tool-catalog.md',
        '../../schemas/v2/tool-descriptor.schema.json',
        '../../docs/normative-home-baseline.json',
        '../../evidence/v1-end-of-support.json',
        '../conformance/scenario-majors.json',
        '../conformance/src/scenarios/tool-catalog-projection.test.ts',
        '../../openwop-spec.config.json',
      ]) {
        expect(inputs, `${task.taskId} must hash ${corpusFile}`).toContain(corpusFile);
      }
      // Build products and logs of the conformance package must not invalidate the gate tests.
      expect(inputs.filter((p) => /^\.\.\/conformance\/(dist|\.turbo|node_modules)\//.test(p) || p.endsWith('.vitest-result.json'))).toEqual([]);
    }
  });
});
