// The GitHub Action (action.yml at the repository root) and the workflows that use it. The steps
// that run the CLI are run here as the runner runs them: their scripts in bash, with the
// environment their `env:` gives (inputs and event values substituted), on an initialised
// upstream tree, with `openwop-spec` on the PATH being this build's bin (the gates step) or a
// recorder whose calls the test then runs in-process (delta and report). The install step is run
// from the npm tarball by `pnpm test:package`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '@openwop-spec/spec-tree/testing';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { TWO_ENTRIES, upstreamTree } from '../../init/test/upstream-tree.js';
import { CLI_BIN, createFixture, run } from './helpers.js';
import type { Fixture } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'packages/cli/package.json'), 'utf8')) as { version: string })
  .version;
const TODAY = ['--today', '2026-09-22'];

interface Step {
  name?: string;
  if?: string;
  uses?: string;
  run?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { description: string; default: string }>;
  runs: { using: string; steps: Step[] };
}
const actionText = readFileSync(join(ROOT, 'action.yml'), 'utf8');
const action = parse(actionText) as Action;
const step = (name: string): Step => {
  const found = action.runs.steps.find((s) => s.name === name);
  if (!found) throw new Error(`action.yml has no step named ${name}`);
  return found;
};
const workflow = (path: string) =>
  parse(readFileSync(join(ROOT, path), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };

/** What the runner gives an expression of a step's `env:`: the inputs (defaults unless given) and the event. */
function evaluate(value: string, context: Record<string, string>): string {
  return value.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    if (!Object.hasOwn(context, expr)) throw new Error(`no value for \${{ ${expr} }} in this test`);
    return context[expr]!;
  });
}

interface StepRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a step's script as the runner's `shell: bash` does, in `cwd`, with this build's bin as `openwop-spec`. */
function runStep(
  name: string,
  opts: { cwd: string; runner: string; inputs?: Record<string, string>; event?: Record<string, string> },
): Promise<StepRun> {
  const s = step(name);
  const context: Record<string, string> = { ...opts.event };
  for (const [input, spec] of Object.entries(action.inputs))
    context[`inputs.${input}`] = opts.inputs?.[input] ?? spec.default;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(s.env ?? {})) env[k] = evaluate(v, context);
  const bin = join(opts.runner, 'bin');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run!], {
      cwd: opts.cwd,
      env: {
        PATH: `${bin}:${process.env['PATH']}`,
        HOME: process.env['HOME'] ?? opts.runner,
        GITHUB_ACTIONS: 'true',
        RUNNER_TEMP: opts.runner,
        GITHUB_STEP_SUMMARY: join(opts.runner, 'summary.md'),
        OPENWOP_SPEC_CACHE: join(opts.runner, 'openwop-spec-cache'),
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * A runner's temporary folder with `openwop-spec` in its bin/: this build's bin, or (`recorder`) a
 * script that records each call's arguments in calls.json-lines and prints `recorded`, for the
 * steps whose commands the test then runs in-process (delta and report run every gate, some twice:
 * a process of their own each would be most of the test's time).
 */
function runnerDir(parent: string, name: string, recorder = false): string {
  const dir = join(parent, name);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  const shim = join(dir, 'bin', 'openwop-spec');
  writeFileSync(
    shim,
    recorder
      ? `#!/bin/sh\n"${process.execPath}" -e 'require("fs").appendFileSync(process.argv[1], JSON.stringify(process.argv.slice(2)) + "\\n")' "${join(dir, 'calls')}" "$@"\necho recorded\n`
      : `#!/bin/sh\nexec "${process.execPath}" "${CLI_BIN}" "$@"\n`,
  );
  chmodSync(shim, 0o755);
  return dir;
}

/** The calls a recorder runner's `openwop-spec` received, each its arguments. */
const calls = (runner: string): string[][] =>
  readFileSync(join(runner, 'calls'), 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as string[]);

describe('action.yml', () => {
  it('is a composite action whose every input is read by a step, and that reads no other', () => {
    expect(action.runs.using).toBe('composite');
    const read = new Set([...actionText.matchAll(/inputs\.([a-z-]+)/g)].map((m) => m[1]!));
    expect([...read].sort()).toEqual(Object.keys(action.inputs).sort());
    for (const [name, input] of Object.entries(action.inputs)) expect(input.description, name).not.toBe('');
  });

  it('pastes no expression into a script: inputs and event values reach them through the environment', () => {
    for (const s of action.runs.steps) if (s.run) expect(s.run, s.name).not.toMatch(/\$\{\{/);
  });

  it('installs this version of the npm package by default, and uploads the report with actions/upload-artifact', () => {
    expect(action.inputs['package']!.default).toBe(`openwop-spec@${VERSION}`);
    expect(action.runs.steps.map((s) => s.uses?.replace(/@.*$/, '')).filter(Boolean)).toEqual([
      'actions/setup-node',
      'actions/cache',
      'actions/upload-artifact',
    ]);
    expect(step('Upload the report').with!['path']).toBe('${{ runner.temp }}/openwop-spec-report.html');
  });
});

describe('the workflows use the action', () => {
  it('the template an adopting repository copies uses it at this version, and installs nothing else', () => {
    const steps = workflow('packages/init/templates/openwop-spec.yml').jobs['gates']!.steps;
    expect(steps.map((s) => s.uses)).toEqual(['actions/checkout@v4', `your-org/openwop-spec@v${VERSION}`]);
    expect(steps.some((s) => s.run)).toBe(false);
  });

  it('this repository’s gates job uses it with the tarball the package job packed, without installing the monorepo', () => {
    const gates = workflow('.github/workflows/spec.yml').jobs['gates']!.steps;
    expect(gates.find((s) => s.uses === './')?.with).toEqual({ package: '${{ steps.tarball.outputs.path }}' });
    for (const s of gates) expect(s.run ?? '', s.name).not.toMatch(/pnpm|npm install/);
  });
});

describe('the action’s steps on an initialised upstream tree', () => {
  // One tree, committed as the pull request's base, then changed; each step runs once, in a hook of
  // its own, and each of its outputs is a test.
  let parent: Fixture;
  let tree: Fixture;
  let base: string;
  let pullRequest: Record<string, string>;
  beforeAll(async () => {
    parent = createFixture({});
    tree = createFixture(upstreamTree(TWO_ENTRIES));
    await run(['init', ...TODAY], { cwd: tree.root });
    git(tree.root, 'init', '-q');
    git(tree.root, 'add', '-A');
    git(tree.root, 'commit', '-q', '-m', 'base');
    base = git(tree.root, 'rev-parse', 'HEAD').trim();
    writeFileSync(join(tree.root, 'spec/v2/core/more.md'), 'Ten more words for the core budget to count, one two.\n');
    pullRequest = { 'github.event.pull_request.base.sha': base, 'github.event.pull_request.number': '7' };
  });
  afterAll(() => {
    tree.remove();
    parent.remove();
  });

  describe('Gates, with the defaults', () => {
    let r: StepRun;
    beforeAll(async () => {
      r = await runStep('Gates', { cwd: tree.root, runner: runnerDir(parent.root, 'all') });
    });
    it('runs every gate and passes', () => {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('=== scenario-majors OK');
    });
    it('fills the fact cache the cache step keeps', () => {
      expect(existsSync(join(parent.root, 'all', 'openwop-spec-cache'))).toBe(true);
    });
  });

  describe('Gates, with gates named and the cache off', () => {
    let r: StepRun;
    beforeAll(async () => {
      r = await runStep('Gates', {
        cwd: tree.root,
        runner: runnerDir(parent.root, 'some'),
        inputs: { gates: 'core-budget  schemas', cache: 'false', format: 'stylish' },
      });
    });
    it('runs only those gates', () => {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('=== check-core-budget OK');
      expect(r.stdout).toContain('=== schemas OK');
      expect(r.stdout).not.toContain('normative-home');
    });
    it('writes no cache', () => {
      expect(existsSync(join(parent.root, 'some', 'openwop-spec-cache'))).toBe(false);
    });
  });

  it('Gates fails the step when the CLI does', async () => {
    const r = await runStep('Gates', {
      cwd: tree.root,
      runner: runnerDir(parent.root, 'broken'),
      inputs: { gates: 'no-such-gate' },
    });
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('no-such-gate')]);
  });

  describe('Delta, on a pull request', () => {
    // The step in bash with a recorder for openwop-spec; the command it ran, in-process.
    let step: StepRun;
    let runner: string;
    let r: Awaited<ReturnType<typeof run>>;
    beforeAll(async () => {
      runner = runnerDir(parent.root, 'delta', true);
      step = await runStep('Delta against the base of the pull request', {
        cwd: tree.root,
        runner,
        event: pullRequest,
      });
      r = await run(calls(runner)[0]!, { cwd: tree.root, env: { GITHUB_STEP_SUMMARY: join(runner, 'summary.md') } });
    });
    it('calls delta once, with the pull request’s base commit, in markdown', () => {
      expect(step.code, step.stderr).toBe(0);
      expect(calls(runner)).toEqual([['delta', '--root', '.', '--base', base, '--format', 'markdown']]);
    });
    it('which compares the working tree with that commit', () => {
      expect(r.code, r.stderr.join('\n')).toBe(0);
      expect(r.stdout.join('\n')).toContain(base.slice(0, 12));
      expect(r.stdout).toContainEqual(expect.stringMatching(/^\| words \| \d[\d,]* \| \d[\d,]* \| \+11 \|$/));
    });
    it('and appends its tables to the job summary', () => {
      expect(r.appended?.[join(runner, 'summary.md')]).toContain('**core-budget**: passes → passes');
    });
  });

  describe('Report', () => {
    let step: StepRun;
    let runner: string;
    let r: Awaited<ReturnType<typeof run>>;
    beforeAll(async () => {
      runner = runnerDir(parent.root, 'report', true);
      step = await runStep('Report', { cwd: tree.root, runner });
      r = await run(calls(runner)[0]!, { cwd: tree.root });
    });
    it('writes the page to the file the upload step uploads', () => {
      expect(step.code, step.stderr).toBe(0);
      const out = join(runner, 'openwop-spec-report.html');
      expect(calls(runner)).toEqual([['report', '--root', '.', '--out', out]]);
      expect(r.code, r.stderr.join('\n')).toBe(0);
      expect(readFileSync(out, 'utf8')).toMatch(/^<!doctype html>/i);
    });
  });

  describe('Report in the job summary', () => {
    let step: StepRun;
    let runner: string;
    let r: Awaited<ReturnType<typeof run>>;
    beforeAll(async () => {
      runner = runnerDir(parent.root, 'summary', true);
      step = await runStep('Report in the job summary', { cwd: tree.root, runner });
      r = await run(calls(runner)[0]!, { cwd: tree.root });
    });
    it('appends what the report prints in markdown to the job summary', () => {
      expect(step.code, step.stderr).toBe(0);
      expect(calls(runner)).toEqual([['report', '--root', '.', '--format', 'markdown']]);
      expect(readFileSync(join(runner, 'summary.md'), 'utf8')).toBe('recorded\n');
      expect([r.code, r.stdout[0]]).toEqual([0, expect.stringMatching(/^## openwop-spec report — /)]);
    });
  });
});
