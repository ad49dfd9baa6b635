import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CLI_BIN, createFixture, probeGate, run } from './helpers.js';
import type { Fixture } from './helpers.js';
import { repo } from '../../report/test/fixture.js';
import type { Repo } from '../../report/test/fixture.js';

let fx: Fixture | Repo | undefined;
afterEach(() => fx?.remove());

function plain(): Fixture {
  fx = createFixture({ 'pnpm-workspace.yaml': 'packages: []\n', 'probe.txt': 'FAIL' });
  return fx;
}

/** Two commits of the report's fixture spec, a change in the working tree, and a node_modules; removed after the test. */
function history(): Repo {
  const r = historyRepo();
  fx = r;
  return r;
}

function historyRepo(): Repo {
  const r = repo();
  r.commit({ core: [] }, '2026-09-20', 'all five in v1');
  r.commit({ core: ['alpha'] }, '2026-10-10', 'alpha moves out of v1');
  r.put({ core: ['alpha', 'beta'] });
  mkdirSync(join(r.root, 'node_modules'));
  return r;
}

describe('openwop-spec report', () => {
  it.each([
    [['report', '--history', '0'], 0],
    [['report', '--format', 'markdown', '--history', '0'], 0],
    [['report', '--help'], 0],
    [['report', '--format', 'pdf'], 2],
    [['report', '--history', 'ten'], 2],
    [['report', '--history', '-1'], 2],
    [['report', '--ouut', 'x.html'], 2],
    [['report', 'extra'], 2],
    [['report', '--today', '2026-02-30'], 2],
  ])('%j exits %i', async (argv, code) => {
    expect((await run(argv, { cwd: plain().root, gates: [probeGate()] })).code).toBe(code);
  });

  it('writes openwop-spec-report.html in the current directory, or --out; findings included, exit 0', async () => {
    const f = plain();
    const out = await run(['report', '--history', '0'], { cwd: f.root, gates: [probeGate()] });
    expect([out.code, out.stdout, out.stderr]).toEqual([0, ['wrote openwop-spec-report.html'], []]);
    const html = readFileSync(join(f.root, 'openwop-spec-report.html'), 'utf8');
    expect(html).toContain('<a href="probe.txt">probe.txt:1:1</a>');
    expect(html).toContain('history is off (--history 0), so only today is shown');
    const sub = join(f.root, 'sub');
    mkdirSync(sub);
    expect(
      (await run(['report', '--history', '0', '--out', 'reports/today.html'], { cwd: sub, gates: [probeGate()] }))
        .stdout,
    ).toEqual(['wrote reports/today.html']);
    // Links are relative to the page's folder.
    expect(readFileSync(join(sub, 'reports', 'today.html'), 'utf8')).toContain(
      '<a href="../../probe.txt">probe.txt:1:1</a>',
    );
  });

  it('--format markdown prints the compact tables on stdout (no file), or writes them to --out', async () => {
    const f = plain();
    const out = await run(['report', '--format', 'markdown', '--today', '2026-12-01'], {
      cwd: f.root,
      gates: [probeGate()],
    });
    expect(out.stdout[0]).toBe('## openwop-spec report — 2026-12-01');
    expect(out.stdout).toContain('| probe | error | probe.txt:1:1 | the probe file says FAIL | `probe/finding` |');
    expect(out.stdout.join('\n')).toContain(
      '> no git history: the repository root is not inside a git repository, so only today is shown',
    );
    expect(existsSync(join(f.root, 'openwop-spec-report.html'))).toBe(false);
    await run(['report', '--format', 'markdown', '--today', '2026-12-01', '--out', 'summary.md'], {
      cwd: f.root,
      gates: [probeGate()],
    });
    expect(readFileSync(join(f.root, 'summary.md'), 'utf8')).toBe(out.stdout.join('\n') + '\n');
  });

  it('usage errors are one line that names the fix', async () => {
    const f = plain();
    expect((await run(['report', '--format', 'htm'], { cwd: f.root, gates: [probeGate()] })).stderr).toEqual([
      'openwop-spec: --format htm is not one of html, markdown (did you mean html?); see openwop-spec report --help',
    ]);
    expect((await run(['report', '--history', 'ten'], { cwd: f.root, gates: [probeGate()] })).stderr).toEqual([
      'openwop-spec: --history ten is not a whole number of commits (0–9999); see openwop-spec report --help',
    ]);
    const help = await run(['report', '--help'], { cwd: f.root, gates: [probeGate()] });
    expect(help.stdout[0]).toBe(
      'Usage: openwop-spec report [--out FILE] [--history N] [--format html|markdown] [options]',
    );
    expect((await run(['--help'], { cwd: f.root })).stdout.some((l) => l.startsWith('  report '))).toBe(true);
    expect((await run(['reprot'], { cwd: f.root })).stderr).toEqual([
      'openwop-spec: unknown command "reprot" (did you mean report?); see openwop-spec --help',
    ]);
  });

  it('a root it cannot find or a page it cannot write is exit 2 with one line; a gate that cannot read its input is a finding in the page', async () => {
    const f = plain();
    const missing = await run(['report', '--root', join(f.root, 'nope')], { cwd: f.root, gates: [probeGate()] });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toHaveLength(1);
    expect(missing.stderr[0]).toMatch(/^openwop-spec report: /);
    const blocked = await run(['report', '--history', '0', '--out', 'probe.txt/report.html'], {
      cwd: f.root,
      gates: [probeGate()],
    });
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toEqual([
      expect.stringMatching(/^openwop-spec report: cannot write probe\.txt\/report\.html: E[A-Z]+$/),
    ]);
    f.write({ 'probe.txt': null });
    const out = await run(['report', '--history', '0'], { cwd: f.root, gates: [probeGate()] });
    expect(out.code).toBe(0);
    expect(readFileSync(join(f.root, 'openwop-spec-report.html'), 'utf8')).toMatch(
      /<p class="error">openwop-spec probe: probe.txt does not exist\b/,
    );
  });

  it('reads and writes the fact cache as check does: --cache-location DIR, none with --no-cache, the same page either way', async () => {
    const r = history();
    const dir = join(r.root, 'elsewhere');
    // The markdown page holds every figure the gates give, without the charts' rendering time.
    const argv = ['report', '--history', '0', '--today', '2026-11-20', '--format', 'markdown', '--out', 'r.md'];
    const read = (): string => readFileSync(join(r.root, 'r.md'), 'utf8');
    expect((await run([...argv, '--no-cache'], { cwd: r.root })).code).toBe(0);
    const page = read();
    expect(existsSync(join(r.root, 'node_modules', '.cache', 'openwop-spec'))).toBe(false);
    expect((await run([...argv, '--cache-location', dir], { cwd: r.root })).code).toBe(0);
    expect(readdirSync(dir).length).toBeGreaterThan(0);
    expect(read()).toBe(page);
    // Warm: served from the cache, same bytes.
    expect((await run([...argv, '--cache-location', dir], { cwd: r.root })).code).toBe(0);
    expect(read()).toBe(page);
    const both = await run([...argv, '--no-cache', '--cache-location', dir], { cwd: r.root });
    expect([both.code, both.stderr]).toEqual([
      2,
      ['openwop-spec: --no-cache and --cache-location cannot be combined; see openwop-spec report --help'],
    ]);
  });
});

describe('openwop-spec report with the real gates', () => {
  let r: Repo;
  let page: string;
  const cache = (): string => join(r.root, 'node_modules', '.cache', 'openwop-spec', 'report-history');
  // The first report, which measures the history: a hook of its own, so each test below does one report's work at most.
  beforeAll(async () => {
    r = historyRepo();
    const first = await run(['report', '--today', '2026-11-20'], { cwd: r.root });
    expect(first.code).toBe(0);
    page = readFileSync(join(r.root, 'openwop-spec-report.html'), 'utf8');
  });
  afterAll(() => r.remove());

  it('measures the history once and keeps each commit in node_modules/.cache', () => {
    // Every v1-dependent family is carried, so the gate counts none open; five, four, then three have no v2 home.
    expect(page).toMatch(/aria-label="[0-9a-f]{7} \(2026-09-20\): 0 open families, 5 allowed"/);
    expect(page).toMatch(/aria-label="[0-9a-f]{7} \(2026-10-10\): 4 families without a v2 home"/);
    expect(page).toContain('aria-label="today (2026-11-20): 0 open families, 1 allowed"');
    expect(page).toContain('aria-label="today (2026-11-20): 3 families without a v2 home"');
    const [key] = readdirSync(cache());
    expect(readdirSync(join(cache(), key!))).toHaveLength(2);
  });

  it('serves the history from the cache the next time: the same page', async () => {
    await run(['report', '--today', '2026-11-20'], { cwd: r.root });
    expect(readFileSync(join(r.root, 'openwop-spec-report.html'), 'utf8')).toBe(page);
  });
});

describe('openwop-spec report through the fact cache', () => {
  // No gate on the working tree and no charts: the history alone, as cheap as it comes.
  const argv = ['report', '--today', '2026-11-20', '--format', 'markdown'];
  const report = (r: Repo, status?: (line: string | undefined) => void) =>
    run(argv, { cwd: r.root, gates: [], ...(status ? { status } : {}) });
  let r: Repo;
  let first: Awaited<ReturnType<typeof report>>;
  let before: string[][];
  const dir = (): string => join(r.root, 'node_modules', '.cache', 'openwop-spec');
  const facts = (): string[][] =>
    readdirSync(dir())
      .filter((name) => name.startsWith('facts'))
      .sort()
      .map((name) => [name, readFileSync(join(dir(), name), 'utf8')]);
  beforeAll(async () => {
    r = historyRepo();
    first = await report(r);
    before = facts();
  });
  afterAll(() => r.remove());

  it('in a pipe (no status line), measuring commits says nothing', () => {
    expect([first.code, first.stderr]).toEqual([0, []]);
  });

  it('a report without the history cache measures its commits from cached facts: nothing new is derived', async () => {
    rmSync(join(dir(), 'report-history'), { recursive: true });
    const status: Array<string | undefined> = [];
    expect((await report(r, (l) => status.push(l))).code).toBe(0);
    expect(facts()).toEqual(before);
    expect(status).toEqual([
      expect.stringMatching(/^measured 1 of 2 commits \([0-9a-f]{12}, 2026-09-20\)$/),
      undefined,
    ]);
  });
});

describe('openwop-spec report gives the same bytes whatever the time zone, locale and current directory', () => {
  let r: Repo;
  let out: string;
  let argv: string[];
  /** The page the built command wrote. */
  let page: string;
  // Node reads the locale only when a process starts, so the built command writes the page under
  // another one: set-up of about 1.5 s of CPU, most of it loading the charts library.
  beforeAll(() => {
    r = historyRepo();
    out = join(r.root, 'node_modules', 'a.html');
    argv = ['report', '--root', r.root, '--out', out, '--today', '2026-11-20'];
    const p = spawnSync(process.execPath, [CLI_BIN, ...argv], {
      cwd: r.root,
      encoding: 'utf8',
      env: { ...process.env, TZ: 'Pacific/Kiritimati', LC_ALL: 'de_DE.UTF-8', LANG: 'de_DE.UTF-8' },
    });
    expect(p.status, p.stderr).toBe(0);
    page = readFileSync(out, 'utf8');
  });
  afterAll(() => r.remove());

  it('as the built command under TZ=Pacific/Kiritimati and LC_ALL=de_DE.UTF-8, and here, 22 hours behind that zone, from another folder', async () => {
    const tz = process.env['TZ'];
    process.env['TZ'] = 'America/Los_Angeles';
    try {
      expect((await run(argv, { cwd: join(r.root, 'spec') })).code).toBe(0);
    } finally {
      if (tz === undefined) delete process.env['TZ'];
      else process.env['TZ'] = tz;
    }
    expect(readFileSync(out, 'utf8')).toBe(page);
  });
});
