import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { warmCorpusCache } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Upstream's script names forward to the built CLI and keep its output and exit code. */
describe('scripts/ forwarders', () => {
  it.each([
    ['check-core-budget.mjs', [], /^=== check-core-budget OK — /],
    ['check-v2-normative-home.mjs', ['--deadline', '--today', '2026-09-22'], /^=== check-v2-normative-home OK — /],
    ['generate-scenario-majors.mjs', [], /^=== scenario-majors OK — /],
    ['generate-from-declaration.mjs', [], /^=== generate-from-declaration OK — /],
    ['check-declaration.mjs', [], /^=== check-declaration OK — /],
  ])('%s %j', (script, args, last) => {
    // The corpus facts warm, in a folder of this test's own: whatever this checkout's cache holds.
    const cache = mkdtempSync(join(tmpdir(), 'openwop-forward-'));
    warmCorpusCache('bin', cache);
    try {
      const argv = [`scripts/${script}`, ...args, '--cache-location', cache];
      const r = spawnSync(process.execPath, argv, { cwd: root, encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trimEnd().split('\n').at(-1)).toMatch(last);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('the fix commands the gates print (`pnpm exec openwop-spec …`) run from the repository root', () => {
    const r = spawnSync('pnpm', ['exec', 'openwop-spec', 'scenario-majors', '--check'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/=== scenario-majors OK — /);
  });

  it('passes a bad flag through, so the CLI refuses it with exit 2, running in its own process: one Node process in all', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openwop-forward-'));
    try {
      // Every Node process started with this option appends its pid.
      const probe = join(dir, 'probe.mjs');
      const pids = join(dir, 'pids');
      writeFileSync(
        probe,
        `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(pids)}, process.pid + '\\n');\n`,
      );
      const env = { ...process.env, NODE_OPTIONS: `--import=${pathToFileURL(probe).href}` };
      const r = spawnSync(process.execPath, ['scripts/generate-from-declaration.mjs', '--wirte'], {
        cwd: root,
        encoding: 'utf8',
        env,
      });
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        'openwop-spec: unknown option --wirte (did you mean --write?); see openwop-spec declaration --help\n',
      );
      expect(readFileSync(pids, 'utf8').trim().split('\n')).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
