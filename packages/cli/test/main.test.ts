import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Gate, GateOptions } from '@openwop-spec/gate-api';
import { ruleDocUri } from '../src/rule-docs.js';
import { createFixture, probeGate, run } from './helpers.js';
import type { Fixture } from './helpers.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());
const repo = (probe: string | null, extra: Record<string, string> = {}): Fixture =>
  (fx = createFixture({
    'pnpm-workspace.yaml': 'packages: []\n',
    ...(probe === null ? {} : { 'probe.txt': probe }),
    ...extra,
  }));

describe('exit codes (table)', () => {
  const table: Array<{ argv: string[]; probe: string | null; exitCode: number; why: string }> = [
    { argv: ['check'], probe: 'OK', exitCode: 0, why: 'a passing gate' },
    { argv: ['check'], probe: 'FAIL', exitCode: 1, why: 'an error diagnostic' },
    { argv: ['check'], probe: 'WARN', exitCode: 0, why: 'a warning does not fail by default' },
    { argv: ['check', '--fail-on', 'warning'], probe: 'WARN', exitCode: 1, why: '--fail-on warning' },
    { argv: ['check'], probe: null, exitCode: 2, why: 'a missing input file' },
    { argv: ['check'], probe: 'THROW', exitCode: 2, why: 'an internal error' },
    { argv: ['check', 'probe'], probe: 'OK', exitCode: 0, why: 'a named gate' },
    { argv: ['check', 'prob'], probe: 'OK', exitCode: 2, why: 'an unknown gate' },
    { argv: ['chek'], probe: 'OK', exitCode: 2, why: 'an unknown command' },
    { argv: ['check', '--fromat', 'json'], probe: 'OK', exitCode: 2, why: 'an unknown option' },
    { argv: ['check', '--format'], probe: 'OK', exitCode: 2, why: 'a missing option value' },
    { argv: ['check', '--format', 'xml'], probe: 'OK', exitCode: 2, why: 'an unknown format' },
    { argv: ['check', '--fail-on', 'info'], probe: 'OK', exitCode: 2, why: 'an unknown --fail-on level' },
    { argv: ['check', '--today', '2026-02-30'], probe: 'OK', exitCode: 2, why: 'a date that does not exist' },
    { argv: ['check', '--today', '26-09-22'], probe: 'OK', exitCode: 2, why: 'a malformed date' },
    { argv: ['check', '--today=2026-09-22'], probe: 'OK', exitCode: 0, why: 'the = form' },
    { argv: ['probe', '--check', '--write'], probe: 'OK', exitCode: 2, why: 'exclusive flags' },
    { argv: ['probe', '--deadline'], probe: 'OK', exitCode: 2, why: 'a flag another command owns' },
    { argv: ['probe', 'extra'], probe: 'OK', exitCode: 2, why: 'a stray argument' },
    { argv: ['check', '--color', '--no-color'], probe: 'OK', exitCode: 2, why: 'contradicting colour flags' },
    { argv: ['gen'], probe: 'OK', exitCode: 0, why: 'gen writes' },
    { argv: ['--help'], probe: 'OK', exitCode: 0, why: 'help' },
    { argv: ['--version'], probe: 'OK', exitCode: 0, why: 'version' },
    { argv: [], probe: 'OK', exitCode: 0, why: 'no arguments prints help' },
  ];
  it.each(table)('$argv → $exitCode ($why)', async ({ argv, probe, exitCode }) => {
    const out = await run(argv, { cwd: repo(probe).root, gates: [probeGate()] });
    expect(out.code).toBe(exitCode);
    // A user error never prints a stack trace.
    expect([...out.stdout, ...out.stderr].some((l) => /^\s+at .+:\d+:\d+\)?$/.test(l))).toBe(false);
  });
});

describe('messages', () => {
  it('proposes the nearest command, option and gate', async () => {
    const cwd = repo('OK').root;
    const gates = [probeGate()];
    expect((await run(['chek'], { cwd, gates })).stderr).toEqual([
      'openwop-spec: unknown command "chek" (did you mean check?); see openwop-spec --help',
    ]);
    expect((await run(['check', '--fromat', 'json'], { cwd, gates })).stderr).toEqual([
      'openwop-spec: unknown option --fromat (did you mean --format?); see openwop-spec check --help',
    ]);
    expect((await run(['check', 'prob'], { cwd, gates })).stderr).toEqual([
      'openwop-spec: unknown gate "prob" (did you mean probe?); see openwop-spec check --help',
    ]);
    expect((await run(['check', '--format', 'jsn'], { cwd, gates })).stderr[0]).toMatch(/did you mean json\?/);
  });

  it('an input error is one diagnostic naming the file, then the gate says it could not run; no report follows', async () => {
    const out = await run(['check'], { cwd: repo(null).root, gates: [probeGate()] });
    expect(out.stderr).toEqual([
      'probe.txt:1:1  error  probe.txt does not exist (no position)  input/missing',
      'openwop-spec probe: could not run — input error at probe.txt (input/missing)',
    ]);
    expect(out.stdout).toEqual([]);
  });

  it('an input error several gates meet is reported once, in every format', async () => {
    const cwd = repo(null).root;
    const gates = [probeGate(), { ...probeGate(), id: 'probe2' }];
    const stylish = await run(['check'], { cwd, gates });
    expect(stylish.code).toBe(2);
    expect(stylish.stderr.filter((l) => l.includes('input/missing'))).toEqual([
      'probe.txt:1:1  error  probe.txt does not exist (no position)  input/missing',
      'openwop-spec probe: could not run — input error at probe.txt (input/missing)',
      'openwop-spec probe2: could not run — input error at probe.txt (input/missing)',
    ]);
    const json = JSON.parse((await run(['check', '--format', 'json'], { cwd, gates })).stdout.join('\n'));
    expect(json.diagnostics).toEqual([
      {
        gate: 'probe',
        file: 'probe.txt',
        ruleId: 'input/missing',
        helpUri: ruleDocUri('input/missing'),
        severity: 'error',
        message: 'probe.txt does not exist',
        start: { line: 1, column: 1 },
      },
    ]);
    expect(json.gates.probe2).toMatchObject({
      exitCode: 2,
      summary: 'openwop-spec probe2: could not run — input error at probe.txt (input/missing)',
    });
    const github = (await run(['check', '--format', 'github'], { cwd, gates })).stdout.filter((l) =>
      l.startsWith('::'),
    );
    expect(github).toEqual(['::error file=probe.txt,title=input/missing::probe.txt does not exist']);
    const sarif = JSON.parse((await run(['check', '--format', 'sarif'], { cwd, gates })).stdout.join('\n'));
    expect(sarif.runs[0].results).toEqual([
      expect.objectContaining({
        ruleId: 'input/missing',
        locations: [{ physicalLocation: { artifactLocation: { uri: 'probe.txt', uriBaseId: 'SRCROOT' } } }],
      }),
    ]);
    expect(sarif.runs[0].tool.driver.rules[0]).toMatchObject({
      id: 'input/missing',
      shortDescription: { text: expect.stringMatching(/does not exist/) },
    });
  });

  it('an internal error says it is a bug, with the stack only under --debug', async () => {
    const cwd = repo('THROW').root;
    const plain = await run(['check'], { cwd, gates: [probeGate()] });
    expect(plain.stderr).toEqual([
      'openwop-spec probe: probe exploded (run again with --debug for the stack)',
      'openwop-spec probe: internal error (this is a bug)',
    ]);
    const debug = await run(['check', '--debug'], { cwd, gates: [probeGate()] });
    expect(debug.stderr.slice(0, 2)).toEqual([
      'openwop-spec probe: probe exploded',
      'openwop-spec probe: internal error (this is a bug)',
    ]);
    expect(debug.stderr.some((l) => /^\s+at /.test(l))).toBe(true);
  });

  it('--root that does not exist, or is a file, exits 2 with one line', async () => {
    const cwd = repo('OK').root;
    expect(await run(['check', '--root', 'nowhere'], { cwd, gates: [probeGate()] })).toEqual({
      code: 2,
      stdout: [],
      stderr: ['openwop-spec check: --root nowhere does not exist'],
    });
    expect((await run(['check', '--root', 'probe.txt'], { cwd, gates: [probeGate()] })).stderr).toEqual([
      'openwop-spec check: --root probe.txt is not a directory',
    ]);
    // A machine format still gets its document, the error as a finding without a file.
    const json = await run(['check', '--root', 'nowhere', '--format', 'json'], { cwd, gates: [probeGate()] });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout.join('\n'))).toMatchObject({
      ok: false,
      gates: { probe: { exitCode: 2, summary: 'openwop-spec check: --root nowhere does not exist' } },
      diagnostics: [{ ruleId: 'input/usage', message: '--root nowhere does not exist' }],
    });
  });

  it('without --root, finds the root from a nested folder, or says where it looked', async () => {
    const f = repo('OK');
    mkdirSync(join(f.root, 'packages', 'x'), { recursive: true });
    expect((await run(['check'], { cwd: join(f.root, 'packages', 'x'), gates: [probeGate()] })).code).toBe(0);
    // Walking up from the file-system root finds no marker (nothing is ever written there).
    const out = await run(['check'], { cwd: '/', gates: [probeGate()] });
    expect(out.code).toBe(2);
    expect(out.stderr).toEqual([
      'openwop-spec check: no repository root found above / (looked for pnpm-workspace.yaml or spec/v2/declaration.json); pass --root',
    ]);
  });

  it('a malformed config file exits 2 naming its line and column', async () => {
    const out = await run(['check'], {
      cwd: repo('OK', { 'openwop-spec.config.json': '{\n  "paths": {"spec": 1}\n}\n' }).root,
      gates: [probeGate()],
    });
    expect(out).toMatchObject({
      code: 2,
      stderr: [
        'openwop-spec.config.json:2:21  error  openwop-spec.config.json: paths.spec must be a non-empty string  input/malformed',
      ],
    });
  });
});

describe('options reach the gates', () => {
  it('--today, OPENWOP_NORMATIVE_HOME_TODAY and the clock, in that order', async () => {
    const cwd = repo('OK').root;
    const seen: GateOptions[] = [];
    await run(['check', '--today', '2026-12-04'], {
      cwd,
      gates: [probeGate(seen)],
      env: { OPENWOP_NORMATIVE_HOME_TODAY: '2026-01-01' },
    });
    await run(['check'], { cwd, gates: [probeGate(seen)], env: { OPENWOP_NORMATIVE_HOME_TODAY: '2026-01-01' } });
    await run(['check'], { cwd, gates: [probeGate(seen)] });
    expect(seen.map((o) => o.today)).toEqual(['2026-12-04', '2026-01-01', '2026-09-22']);
    const bad = await run(['check'], { cwd, gates: [probeGate()], env: { OPENWOP_NORMATIVE_HOME_TODAY: 'NaN' } });
    expect(bad).toMatchObject({
      code: 2,
      stderr: ['openwop-spec check: OPENWOP_NORMATIVE_HOME_TODAY "NaN" is not a real YYYY-MM-DD date'],
    });
  });

  it('runs every gate in the given order, or the gates named in the order named', async () => {
    const named = (id: string): Gate => ({
      ...probeGate(),
      id,
      commands: [],
      check: async () => ({
        gate: id,
        ok: true,
        exitCode: 0,
        summaryLine: id,
        printout: [],
        figures: {},
        diagnostics: [],
      }),
    });
    const gates = [named('first'), named('second')];
    expect((await run(['check'], { cwd: repo('OK').root, gates })).stdout.slice(0, 2)).toEqual(['first', 'second']);
    expect((await run(['check', 'second', 'first'], { cwd: repo('OK').root, gates })).stdout.slice(0, 2)).toEqual([
      'second',
      'first',
    ]);
  });

  it('passes only the flags the command owns', async () => {
    const seen: GateOptions[] = [];
    await run(['probe', '--write', '--quiet'], { cwd: repo('OK').root, gates: [probeGate(seen)] });
    expect([...seen[0]!.flags]).toEqual(['--write']);
  });
});

describe('formats', () => {
  it('--format json prints exactly one parseable document on stdout, also on failure and on exit 2', async () => {
    for (const probe of ['OK', 'FAIL', null]) {
      const fixture = repo(probe);
      const out = await run(['check', '--format', 'json'], { cwd: fixture.root, gates: [probeGate()] });
      const doc = JSON.parse(out.stdout.join('\n')) as { ok: boolean; gates: Record<string, { exitCode: number }> };
      expect(doc.ok).toBe(probe === 'OK');
      expect(doc.gates['probe']!.exitCode).toBe(out.code);
      fixture.remove();
    }
  });

  it('GITHUB_ACTIONS=true switches the default format to github', async () => {
    const { root } = repo('FAIL');
    const out = await run(['check'], { cwd: root, gates: [probeGate()], env: { GITHUB_ACTIONS: 'true' } });
    expect(out.stdout).toContain(
      '::error file=probe.txt,line=1,col=1,title=probe/finding::the probe file says FAIL; write OK',
    );
    const explicit = await run(['check', '--format', 'stylish'], {
      cwd: root,
      gates: [probeGate()],
      env: { GITHUB_ACTIONS: 'true' },
    });
    expect(explicit.stdout.some((l) => l.startsWith('::'))).toBe(false);
  });

  it('stylish: printout lines on stdout, diagnostics then the parity line on stderr when failing', async () => {
    const out = await run(['check'], { cwd: repo('FAIL').root, gates: [probeGate()] });
    expect(out.stdout).toEqual(['probe read 4 characters']);
    expect(out.stderr[0]).toBe('probe.txt:1:1  error  the probe file says FAIL; write OK  probe/finding');
    expect(out.stderr.at(-1)).toBe('=== probe FAILED ===');
  });
});

describe('gen', () => {
  it('runs the writers and leaves check read-only', async () => {
    const f = repo('OK');
    await run(['check'], { cwd: f.root, gates: [probeGate()] });
    expect(f.tree().exists('probe.out')).toBe(false);
    await run(['gen'], { cwd: f.root, gates: [probeGate()] });
    expect(f.tree().text('probe.out')).toBe('written\n');
  });
});
