// scripts/lint-workflows.mjs (`pnpm lint:workflows`, part of `pnpm lint`): actionlint over the
// workflows, here over two of a fixture's, one of which pastes an untrusted event value into a script.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createFixture } from './helpers.js';
import type { Fixture } from './helpers.js';

const SCRIPT = fileURLToPath(new URL('../../../scripts/lint-workflows.mjs', import.meta.url));
const job = (step: string) =>
  ['on: pull_request', 'jobs:', '  a:', '    runs-on: ubuntu-latest', '    steps:', `      - ${step}`, ''].join('\n');

describe('lint-workflows', () => {
  let fx: Fixture;
  let result: { code: number | null; stdout: string; stderr: string };
  beforeAll(async () => {
    fx = createFixture({
      'good.yml': job('run: echo "$TITLE"'),
      'bad.yml': job('run: echo "${{ github.event.pull_request.title }}"'),
    });
    result = await new Promise((resolve) =>
      execFile(process.execPath, [SCRIPT, 'good.yml', 'bad.yml'], { cwd: fx.root }, (err, stdout, stderr) =>
        resolve({ code: err ? (err.code as number) : 0, stdout, stderr }),
      ),
    );
  });
  afterAll(() => fx.remove());

  it('reports the finding at its file, line and column, and exits 1', () => {
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^bad\.yml:6:\d+: "github\.event\.pull_request\.title" is potentially untrusted\. .* \[expression\]$/m,
    );
    expect(result.stderr).not.toContain('good.yml');
    expect(result.stdout.trim()).toBe('lint-workflows: 2 workflow(s), 1 finding(s)');
  });
});
