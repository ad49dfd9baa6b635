import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { CLI_BIN, createFixture, run } from './helpers.js';
import type { Fixture } from './helpers.js';
import {
  SIX_ENTRIES,
  TWO_ENTRIES,
  schemaWithField,
  snapshot,
  upstreamFigures,
  upstreamTree,
} from '../../init/test/upstream-tree.js';

let fx: Fixture | undefined;
afterEach(() => {
  fx?.remove();
  fx = undefined;
});
const upstream = (entries = SIX_ENTRIES): Fixture => (fx = createFixture(upstreamTree(entries)));
const TODAY = ['--today', '2026-09-22'];

const MISSING_FILES = ['conformance/scenario-majors.config.json', 'spec/v2/capability-record.base.json'];
const MISSING_MESSAGES = [
  'conformance/scenario-majors.config.json does not exist — `openwop-spec init` creates it from the committed conformance/scenario-majors.json; the gate reads from it which scenario files run at both protocol majors',
  'spec/v2/capability-record.base.json does not exist — `openwop-spec init` copies it from a record of the committed schemas/v2/capabilities.schema.json; the gate starts every capability record it generates with its status, since, until and allOf',
];
/** One finding per missing file, in the diagnostic layout. */
const MISSING = MISSING_FILES.map(
  (file, i) => `${file}:1:1  error  ${MISSING_MESSAGES[i]} (no position)  input/missing`,
);
/** Then each gate that needed one says it could not run. */
const COULD_NOT_RUN = [
  `openwop-spec scenario-majors: could not run — input error at ${MISSING_FILES[0]} (input/missing)`,
  `openwop-spec declaration: could not run — input error at ${MISSING_FILES[1]} (input/missing)`,
];
const CREATED = [
  'conformance/scenario-majors.config.json',
  'spec/v2/capability-record.base.json',
  'spec/v2/metadata/protocolVersions.schema.json',
  'spec/v2/metadata/preferredVersion.schema.json',
  'spec/v2/metadata/protocolVersion.schema.json',
  'spec/v2/metadata/extensions.schema.json',
];

describe('check on a tree that init has not prepared', () => {
  it('exits 2 with one line per missing file, and the other gates still run and report', async () => {
    const r = await run(['check', ...TODAY], { cwd: upstream().root });
    expect(r.code).toBe(2);
    expect(r.stderr.filter((l) => l.includes('input/missing'))).toEqual([
      MISSING[0],
      COULD_NOT_RUN[0],
      MISSING[1],
      COULD_NOT_RUN[1],
    ]);
    const [budget, , home] = upstreamFigures(SIX_ENTRIES);
    expect(r.stdout).toContain(budget);
    expect(r.stdout).toContain(home);
    expect(r.stdout.at(-1)).toMatch(/^=== schemas OK — /);
    expect(r.stderr.at(-1)).toBe('openwop-spec: 3 of 5 gates passed (could not run: scenario-majors, declaration)');
  });

  it('json: each gate that could not run has exit code 2 and its line; the others their results', async () => {
    const r = await run(['check', '--format', 'json', ...TODAY], { cwd: upstream().root });
    expect(r.code).toBe(2);
    const doc = JSON.parse(r.stdout.join('\n')) as {
      ok: boolean;
      gates: Record<string, { exitCode: number; summary: string }>;
      diagnostics: Array<{ file: string; ruleId: string; message: string }>;
    };
    expect(doc.ok).toBe(false);
    expect(Object.entries(doc.gates).map(([id, g]) => [id, g.exitCode])).toEqual([
      ['core-budget', 0],
      ['normative-home', 0],
      ['scenario-majors', 2],
      ['declaration', 2],
      ['schemas', 0],
    ]);
    expect([doc.gates['scenario-majors']!.summary, doc.gates['declaration']!.summary]).toEqual(COULD_NOT_RUN);
    expect(doc.diagnostics.map((d) => [d.file, d.ruleId, d.message])).toEqual(
      MISSING_FILES.map((f, i) => [f, 'input/missing', MISSING_MESSAGES[i]]),
    );
  });

  it('sarif: a result at each missing file, and a tool execution notification per gate that could not run', async () => {
    const r = await run(['check', '--format', 'sarif', ...TODAY], { cwd: upstream().root });
    expect(r.code).toBe(2);
    const log = JSON.parse(r.stdout.join('\n')) as {
      runs: Array<{
        invocations: Array<{
          executionSuccessful: boolean;
          toolExecutionNotifications: Array<{ message: { text: string }; properties: { gate: string } }>;
        }>;
        results: Array<{
          ruleId: string;
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }>;
        }>;
      }>;
    };
    expect(log.runs[0]!.results.map((x) => [x.ruleId, x.locations[0]!.physicalLocation.artifactLocation.uri])).toEqual(
      MISSING_FILES.map((f) => ['input/missing', f]),
    );
    const invocation = log.runs[0]!.invocations[0]!;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications.map((n) => [n.properties.gate, n.message.text])).toEqual([
      ['scenario-majors', COULD_NOT_RUN[0]],
      ['declaration', COULD_NOT_RUN[1]],
    ]);
  });

  it('github: an error annotation on each missing file', async () => {
    const r = await run(['check', ...TODAY], { cwd: upstream().root, env: { GITHUB_ACTIONS: 'true' } });
    expect(r.code).toBe(2);
    expect(r.stdout.filter((l) => l.startsWith('::error'))).toEqual([
      `::error file=${MISSING_FILES[0]},title=input/missing::${MISSING_MESSAGES[0]}`,
      `::error file=${MISSING_FILES[1]},title=input/missing::${MISSING_MESSAGES[1]}`,
    ]);
  });
});

describe('openwop-spec init (in-process)', () => {
  it('creates the missing files, says what it created, runs check with upstream figures, and exits 0', async () => {
    const r = await run(['init', ...TODAY], { cwd: upstream().root });
    expect(r.code, r.stderr.join('\n')).toBe(0);
    expect(r.stdout.filter((l) => l.startsWith('openwop-spec init: ')).map((l) => l.replace(/ \(.*$/, ''))).toEqual([
      ...CREATED.map((p) => `openwop-spec init: created ${p}`),
      'openwop-spec init: created 6 file(s), kept 0; check passed',
    ]);
    expect(r.stderr).toEqual([]);
    for (const figure of upstreamFigures(SIX_ENTRIES)) expect(r.stdout).toContain(figure);
  });

  it('a second init keeps every file, changes no byte and still reports the check', async () => {
    const root = upstream().root;
    await run(['init', ...TODAY], { cwd: root });
    const before = snapshot(root);
    const r = await run(['init', ...TODAY], { cwd: root });
    expect(r.code).toBe(0);
    expect(snapshot(root)).toEqual(before);
    expect(r.stdout.filter((l) => l.startsWith('openwop-spec init: '))).toEqual([
      ...CREATED.map((p) => `openwop-spec init: kept ${p} (it exists)`),
      'openwop-spec init: created 0 file(s), kept 6; check passed',
    ]);
  });

  it('--dry-run prints the plan and each file it would create, writes nothing and runs no check', async () => {
    const root = upstream(TWO_ENTRIES).root;
    const before = snapshot(root);
    const r = await run(['init', '--dry-run'], { cwd: root });
    expect(r.code).toBe(0);
    expect(snapshot(root)).toEqual(before);
    expect(r.stdout.filter((l) => l.startsWith('openwop-spec init: ')).map((l) => l.replace(/ \(.*$/, ''))).toEqual(
      CREATED.map((p) => `openwop-spec init: would create ${p}`),
    );
    expect(r.stdout).toContain(`    ${' '.repeat(6)}"file": "runs-replay-stable.test.ts",`);
    expect(r.stdout.some((l) => l.startsWith('==='))).toBe(false);
  });

  it('an input error is one line naming the file and position; nothing is written and no check runs', async () => {
    const root = (fx = createFixture({
      ...upstreamTree(),
      'schemas/v2/capabilities.schema.json': schemaWithField('ledger', 'status', { const: 'stable' }),
    })).root;
    const before = snapshot(root);
    const r = await run(['init'], { cwd: root });
    expect(r.code).toBe(2);
    expect(r.stdout).toEqual([]);
    expect(r.stderr).toHaveLength(1);
    expect(r.stderr[0]).toMatch(
      /^openwop-spec init: cannot create spec\/v2\/capability-record\.base\.json: the records of schemas\/v2\/capabilities\.schema\.json disagree on the record base at \/properties\/ledger\/properties\/status; .* \(schemas\/v2\/capabilities\.schema\.json:\d+:\d+\)$/,
    );
    expect(snapshot(root)).toEqual(before);
  });

  it.each([
    [['init', '--format', 'json'], 'openwop-spec: unknown option --format; see openwop-spec init --help'],
    [['init', 'declaration'], 'openwop-spec: init takes no arguments (got declaration); see openwop-spec init --help'],
  ])('%j is a usage error', async (argv, line) => {
    const r = await run(argv, { cwd: upstream(TWO_ENTRIES).root });
    expect([r.code, r.stderr]).toEqual([2, [line]]);
  });

  it('--help describes the command; the command list names it', async () => {
    const help = await run(['init', '--help'], { cwd: upstream(TWO_ENTRIES).root });
    expect([help.code, help.stdout[0]]).toEqual([
      0,
      'Usage: openwop-spec init [--root DIR] [--dry-run] [--today YYYY-MM-DD]',
    ]);
    expect(
      (await run(['--help'], { cwd: fx!.root })).stdout.some((l) =>
        /^ {2}init {16}create the files the gates need/.test(l),
      ),
    ).toBe(true);
  });
});

describe('end to end on an upstream tree whose generator lists six files', () => {
  // init through the built bin (its exit code, its stdout, and the init package it loads only for
  // this command); the checks before and after it in-process (the tests above run init so too).
  // One tree, in the order a user meets it: each step a test of its own.
  let tree: Fixture;
  beforeAll(() => {
    tree = createFixture(upstreamTree(SIX_ENTRIES));
  });
  afterAll(() => tree.remove());

  it('check exits 2 naming the missing files', async () => {
    const before = await run(['check', ...TODAY], { cwd: tree.root });
    expect(before.code).toBe(2);
    for (const line of [...MISSING, ...COULD_NOT_RUN]) expect(before.stderr).toContain(line);
    expect(before.stdout).toContain(upstreamFigures(SIX_ENTRIES)[0]);
  });

  it('the built CLI’s init creates them', () => {
    const init = spawnSync(process.execPath, [CLI_BIN, 'init', ...TODAY, '--root', tree.root], {
      encoding: 'utf8',
      env: { ...process.env, GITHUB_ACTIONS: '' },
    });
    expect(init.status, init.stderr).toBe(0);
    for (const p of CREATED) expect(init.stdout).toContain(`openwop-spec init: created ${p} (`);
    expect(init.stdout.trimEnd().split('\n').at(-1)).toBe('openwop-spec init: created 6 file(s), kept 0; check passed');
  });

  it('scenario-majors --check then passes, with the manifest upstream wrote kept as it stands', async () => {
    const majors = await run(['scenario-majors', '--check'], { cwd: tree.root });
    expect([majors.code, majors.stdout.at(-1)]).toEqual([0, upstreamFigures(SIX_ENTRIES)[3]]);
    // The manifest upstream's script wrote, $comment included, is fresh as it stands: nothing rewrote it.
    expect(snapshot(tree.root)['conformance/scenario-majors.json']).toBe(
      upstreamTree(SIX_ENTRIES)['conformance/scenario-majors.json'],
    );
  });

  it('check then passes with upstream’s figures', async () => {
    const check = await run(['check', ...TODAY], { cwd: tree.root });
    expect(check.code, check.stderr.join('\n')).toBe(0);
    for (const figure of upstreamFigures(SIX_ENTRIES)) expect(check.stdout).toContain(figure);
  });
});
