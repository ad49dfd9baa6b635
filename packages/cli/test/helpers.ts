import { InputError } from '@openwop-spec/diagnostics';
import type { GateResult } from '@openwop-spec/diagnostics';
import { ruleCatalog } from '@openwop-spec/gate-api';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { Gate, GateOptions } from '@openwop-spec/gate-api';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { cpSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { main } from '../src/index.js';
import type { Build } from './corpus-facts.js';

/** The built CLI, for tests that need a process of their own (a crash, a signal, another user). */
export const CLI_BIN = fileURLToPath(new URL('../dist/openwop-spec.js', import.meta.url));

export interface Captured {
  code: number;
  stdout: string[];
  stderr: string[];
  /** What the command appended to files outside the tree, by path; undefined when nothing. */
  appended?: Record<string, string>;
}

/** Runs the CLI in-process and captures its lines. */
export async function run(
  argv: string[],
  opts: {
    cwd: string;
    env?: Record<string, string>;
    gates?: readonly Gate[];
    isTTY?: boolean;
    /** Where status lines go (as on a terminal's stderr); none when absent, as in a pipe. */
    status?: (line: string | undefined) => void;
  },
): Promise<Captured> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const appended: Record<string, string> = {};
  const code = await main(
    argv,
    {
      cwd: opts.cwd,
      env: opts.env ?? {},
      stdout: (l) => stdout.push(l),
      stderr: (l) => stderr.push(l),
      isTTY: opts.isTTY ?? false,
      ...(opts.status ? { status: opts.status } : {}),
      now: () => new Date('2026-09-22T12:00:00Z'),
      appendFile: (path, text) => void (appended[path] = (appended[path] ?? '') + text),
    },
    ...(opts.gates ? [opts.gates] : []),
  );
  return { code, stdout, stderr, appended: Object.keys(appended).length > 0 ? appended : undefined };
}

const rules = ruleCatalog('probe', {
  'probe/finding': {
    severity: 'error',
    summary: 'A finding the probe gate reports when its file says FAIL.',
    fail: { says: 'FAIL', edits: [] },
    pass: { says: 'OK', edits: [] },
    fix: 'Write OK.',
    message: (d: { word: string }) => `the probe file says ${d.word}`,
  },
  'probe/note': {
    severity: 'warning',
    summary: 'A warning the probe gate reports when its file says WARN.',
    fail: { says: 'WARN', edits: [] },
    pass: { says: 'OK', edits: [] },
    fix: 'Write OK.',
    message: () => 'the probe file warns',
  },
});

/**
 * A small gate that reads `probe.txt`: FAIL → an error, WARN → a warning, THROW → an internal
 * error, missing → an input error. It records the options it was given.
 */
export function probeGate(seen: GateOptions[] = []): Gate {
  const check = async (tree: SpecTree, options: GateOptions): Promise<GateResult> => {
    seen.push(options);
    const text = tree.text('probe.txt');
    if (text.startsWith('THROW')) throw new TypeError('probe exploded');
    const diagnostics = [];
    if (text.startsWith('FAIL'))
      diagnostics.push(
        rules.diagnostic('probe/finding', { word: 'FAIL' }, { file: 'probe.txt', start: { line: 1, column: 1 } }),
      );
    if (text.startsWith('WARN'))
      diagnostics.push(rules.diagnostic('probe/note', undefined, { file: 'probe.txt', start: { line: 1, column: 1 } }));
    const ok = !diagnostics.some((d) => d.severity === 'error');
    return {
      gate: 'probe',
      ok,
      exitCode: ok ? 0 : 1,
      summaryLine: ok ? '=== probe OK ===' : '=== probe FAILED ===',
      printout: [{ text: `probe read ${text.trim().length} characters` }],
      figures: { characters: text.length },
      diagnostics,
    };
  };
  return {
    id: 'probe',
    summary: 'a test gate',
    rules: rules.docs,
    check,
    write: async (tree, options) => {
      tree.write('probe.out', 'written\n');
      return check(tree, options);
    },
    commands: [
      {
        name: 'probe',
        summary: 'run the probe',
        flags: { '--write': 'write the probe output', '--check': 'check the probe file (the default)' },
        exclusive: [['--check', '--write']],
        examples: [{ command: 'openwop-spec probe --write', does: 'write probe.out' }],
        run: check,
      },
    ],
  };
}

export { InputError, createFixture };
export type { Fixture };

/** Copies the corpus facts the global setup warmed with `build` into `dir`; without it (a run from inside a package), does nothing. */
export function warmCorpusCache(build: Build, dir: string): void {
  const warm = inject('corpusFacts')?.[build];
  if (warm) cpSync(warm, dir, { recursive: true });
}
