import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const script = join(root, 'scripts', 'test-summary.mjs');

interface Test {
  fullName: string;
  state: 'passed' | 'failed' | 'skipped';
  note?: string;
}
interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  unexpected: string[];
  stale: string[];
}
interface Declared {
  reason: string;
  tests: string[];
}
interface Reporter {
  onInit(vitest: unknown): void;
  onTestRunEnd(modules: unknown[], errors: unknown[]): void;
}
interface SummaryModule {
  summarize: (modules: { file: string; broken: boolean; tests: Test[] }[], expectedSkips?: Declared[]) => Summary;
  default: new (options: { expectedSkips: Declared[]; summaryFile: string }) => Reporter;
}
// The root's reporter is plain JavaScript (node runs it in .ci/run); a computed specifier keeps tsc out of it.
const { summarize, default: TestSummaryReporter } = (await import(script)) as SummaryModule;

const file = 'packages/x/test/a.test.ts';
const skips = (...tests: string[]): Declared[] => [{ reason: 'a reason', tests }];

describe('the test summary', () => {
  it('counts passed, failed and skipped tests', () => {
    const tests: Test[] = [
      { fullName: 'a > one', state: 'passed' },
      { fullName: 'a > two', state: 'failed' },
      { fullName: 'a > three', state: 'skipped' },
    ];
    expect(summarize([{ file, broken: false, tests }], skips(file))).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      unexpected: [],
      stale: [],
    });
  });

  it('lists a skip no declaration covers, with its note', () => {
    const tests: Test[] = [{ fullName: 'a > one', state: 'skipped', note: 'no host' }];
    expect(summarize([{ file, broken: false, tests }], []).unexpected).toEqual([`${file} > a > one [no host]`]);
    expect(summarize([{ file, broken: false, tests }], skips(`${file} > a > one`)).unexpected).toEqual([]);
    expect(summarize([{ file, broken: false, tests }], skips(`${file} > a`)).unexpected).toEqual([]); // a name prefix
    expect(summarize([{ file, broken: false, tests }], skips(`${file} > b`)).unexpected).toHaveLength(1);
    // A bare file covers its own tests, not those of a file whose name it begins.
    expect(summarize([{ file: `${file}x`, broken: false, tests }], skips(file)).unexpected).toHaveLength(1);
  });

  it('lists a declaration that covers no test of a file that ran, and ignores files that did not run', () => {
    const tests: Test[] = [{ fullName: 'a > one', state: 'passed' }];
    expect(summarize([{ file, broken: false, tests }], skips(`${file} > a > renamed`)).stale).toEqual([
      `${file} > a > renamed`,
    ]);
    expect(summarize([{ file, broken: false, tests }], skips(`${file} > a > one`)).stale).toEqual([]); // declared, ran anyway
    expect(summarize([{ file, broken: false, tests }], skips('packages/y/test/b.test.ts')).stale).toEqual([]);
  });

  it('counts a broken module as a failure and does not hold its skips to the declarations', () => {
    const tests: Test[] = [{ fullName: 'a > one', state: 'skipped' }];
    expect(summarize([{ file, broken: true, tests }], [])).toEqual({
      passed: 0,
      failed: 1,
      skipped: 1,
      unexpected: [],
      stale: [],
    });
  });

  it('only counts skips when given no declarations (a filtered run)', () => {
    const tests: Test[] = [{ fullName: 'a > one', state: 'skipped' }];
    expect(summarize([{ file, broken: false, tests }])).toEqual({
      passed: 0,
      failed: 0,
      skipped: 1,
      unexpected: [],
      stale: [],
    });
  });
});

describe('the reporter and the script', () => {
  let dir: string | undefined;
  const exitCode = process.exitCode;
  afterEach(() => {
    process.exitCode = exitCode;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const moduleOf = (tests: Test[]) => ({
    moduleId: join(root, file),
    errors: () => [],
    children: {
      allSuites: () => [],
      allTests: () => tests.map((t) => ({ fullName: t.fullName, result: () => ({ state: t.state, note: t.note }) })),
    },
  });

  /** Runs the reporter over `tests`, then the script over what it wrote. */
  const run = (tests: Test[], declared: Declared[], config: object = {}) => {
    dir = mkdtempSync(join(tmpdir(), 'openwop-summary-'));
    const summaryFile = join(dir, 'summary.json');
    const logged: string[] = [];
    const reporter = new TestSummaryReporter({ expectedSkips: declared, summaryFile });
    const log = (line: string): number => logged.push(line);
    reporter.onInit({ config, logger: { log, error: log } });
    process.exitCode = undefined;
    reporter.onTestRunEnd([moduleOf(tests)], []);
    const code = process.exitCode;
    process.exitCode = exitCode;
    const cli = spawnSync(process.execPath, [script, summaryFile], { encoding: 'utf8' });
    return { code, logged, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) as Summary, cli };
  };

  it('passes a run whose skips are declared, and prints the line last', () => {
    const r = run(
      [
        { fullName: 'a > one', state: 'passed' },
        { fullName: 'a > two', state: 'skipped' },
      ],
      skips(`${file} > a > two`),
    );
    expect(r.code).toBeUndefined();
    expect(r.logged.at(-1)).toBe('\n1 passed, 0 failed, 1 skipped');
    expect([r.cli.status, r.cli.stdout]).toEqual([0, '1 passed, 0 failed, 1 skipped\n']);
  });

  it('fails a run with an undeclared skip, naming it, and so does the script', () => {
    const r = run([{ fullName: 'a > two', state: 'skipped', note: 'why' }], []);
    expect(r.code).toBe(1);
    expect(r.logged).toContain(`  ${file} > a > two [why]`);
    expect([r.cli.status, r.cli.stdout]).toEqual([1, '0 passed, 0 failed, 1 skipped\n']);
  });

  it('holds a run filtered by test name to nothing but its failures', () => {
    const r = run([{ fullName: 'a > two', state: 'skipped' }], [], { testNamePattern: /one/ });
    expect(r.code).toBeUndefined();
    expect(r.summary.skipped).toBe(1);
  });

  it('refuses a declaration without a reason', () => {
    expect(
      () =>
        new TestSummaryReporter({
          expectedSkips: [{ reason: ' ', tests: [file] }],
          summaryFile: join(tmpdir(), 'unused.json'),
        }),
    ).toThrow(/needs a reason/);
  });

  it('the script counts a failure when the run left no summary', () => {
    dir = mkdtempSync(join(tmpdir(), 'openwop-summary-'));
    const cli = spawnSync(process.execPath, [script, join(dir, 'missing.json')], { encoding: 'utf8' });
    expect([cli.status, cli.stdout, cli.stderr]).toEqual([
      1,
      '0 passed, 1 failed, 0 skipped\n',
      'no test summary: the test run did not finish\n',
    ]);
  });
});
