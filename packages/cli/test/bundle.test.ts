import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bundle = fileURLToPath(new URL('../dist/openwop-spec.js', import.meta.url));
const manifest = (pkg: string): { dependencies?: Record<string, string>; bin?: Record<string, string> } =>
  JSON.parse(readFileSync(new URL(`../../${pkg}/package.json`, import.meta.url), 'utf8'));

/** The bundled CLI (scripts/bundle.mjs) is what `pnpm check`, the bin and the forwarders run. */
describe('the bundle', () => {
  it('runs every gate on this repository, as JSON', () => {
    const r = spawnSync(process.execPath, [bundle, 'check', '--format', 'json', '--today', '2026-09-22'], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { ok: boolean; gates: Record<string, { ok: boolean }> };
    expect(report.ok).toBe(true);
    expect(Object.entries(report.gates).map(([gate, g]) => [gate, g.ok])).toEqual([
      ['core-budget', true], ['normative-home', true], ['scenario-majors', true], ['declaration', true], ['schemas', true],
    ]);
  });

  it('parses in a worker started from beside it', () => {
    const r = spawnSync(process.execPath, [bundle, 'check', 'normative-home', '--today', '2026-09-22'], { cwd: root, encoding: 'utf8', env: { ...process.env, OPENWOP_SPEC_WORKERS: '1', OPENWOP_SPEC_CACHE: '0' } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/=== check-v2-normative-home OK — /);
  });

  it('is the bin, and the packages it leaves outside are dependencies at the versions their users pin', () => {
    const cli = manifest('cli');
    expect(cli.bin).toEqual({ 'openwop-spec': './dist/openwop-spec.js' });
    const users: Record<string, string> = { ajv: 'spec-tree', 'ajv-formats': 'spec-tree', 'markdown-it': 'spec-tree', 'markdown-it-footnote': 'spec-tree', 'oxc-parser': 'gate-scenario-majors' };
    for (const [pkg, user] of Object.entries(users)) expect([pkg, cli.dependencies?.[pkg]]).toEqual([pkg, manifest(user).dependencies?.[pkg]]);
  });
});
