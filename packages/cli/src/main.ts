import { createRequire } from 'node:module';
import { FORMATS, InputError, formatInputError, shouldColor, writeReport } from '@openwop-spec/diagnostics';
import type { FailOn, Format, GateResult, RuleDoc } from '@openwop-spec/diagnostics';
import { SpecTree, findRoot } from '@openwop-spec/spec-tree';
import type { Gate, GateOptions } from '@openwop-spec/spec-tree';
import { UsageError, parseArgs } from './args.js';
import type { ParsedArgs } from './args.js';
import { GATES } from './registry.js';
import { nearest } from './suggest.js';
import { resolveToday } from './today.js';
import { deltaCommand } from './delta-command.js';
import { initCommand } from './init-command.js';
import { reportCommand } from './report-command.js';
import { watchGates } from './watch.js';

/** Everything the CLI touches outside itself, injected so tests run in-process. */
export interface Io {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** One call per line, without the newline. */
  stdout(line: string): void;
  stderr(line: string): void;
  isTTY?: boolean;
  now?: () => Date;
}

const VALUE_OPTIONS = ['--root', '--today', '--format', '--fail-on'];
const COMMON_FLAGS = ['--quiet', '--color', '--no-color', '--debug', '--help', '-h'];
const FAIL_ON: readonly FailOn[] = ['error', 'warning'];

export const VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** A runnable command: the two run-everything commands plus each gate's upstream-named command. */
interface Command {
  name: string;
  summary: string;
  flags: Readonly<Record<string, string>>;
  exclusive: readonly (readonly string[])[];
  /** Gate ids as positionals (`check core-budget`). */
  takesGates: boolean;
  run(tree: SpecTree, gates: readonly Gate[], options: GateOptions): Array<{ gate: Gate; label: string; run: () => Promise<GateResult> }>;
}

function commands(gates: readonly Gate[]): Command[] {
  const list: Command[] = [
    {
      name: 'check',
      summary: 'run the gates read-only (default: all)',
      flags: {
        '--deadline': 'normative-home: apply the v1 end-of-support deadline checks',
        '--watch': 'stay running; after each change re-run only the gates that read a changed file',
      },
      exclusive: [],
      takesGates: true,
      run: (tree, selected, options) => selected.map((gate) => ({ gate, label: gate.id, run: () => gate.check(tree, options) })),
    },
    {
      name: 'gen',
      summary: 'regenerate the derived files of the gates that have any (default: all)',
      flags: {},
      exclusive: [],
      takesGates: true,
      run: (tree, selected, options) =>
        selected.filter((g) => g.write).map((gate) => ({ gate, label: gate.id, run: () => gate.write!(tree, options) })),
    },
  ];
  for (const gate of gates) {
    for (const c of gate.commands) {
      list.push({
        name: c.name,
        summary: c.summary,
        flags: c.flags,
        exclusive: c.exclusive ?? [],
        takesGates: false,
        run: (tree, _selected, options) => [{ gate, label: c.name, run: () => c.run(tree, options) }],
      });
    }
  }
  return list;
}

function helpText(cmds: readonly Command[], gates: readonly Gate[]): string[] {
  const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(1, n - s.length));
  return [
    'Usage: openwop-spec <command> [options] [gate...]',
    '',
    'Commands:',
    ...cmds.map((c) => `  ${pad(c.name, 20)}${c.summary}${Object.keys(c.flags).length ? ` [${Object.keys(c.flags).join('] [')}]` : ''}`),
    ...(cmds.length > 1
      ? [
          `  ${pad('delta', 20)}what the working tree changes in every gate's figures, against a git base [--base REF]`,
          `  ${pad('init', 20)}create the files the gates need that the repository lacks, from what it commits; then check [--dry-run]`,
          `  ${pad('report', 20)}the spec's health as one HTML page with charts [--out FILE] [--history N] [--format html|markdown]`,
        ]
      : []),
    '',
    'Gates:',
    ...gates.map((g) => `  ${pad(g.id, 20)}${g.summary}`),
    '',
    'Options:',
    '  --root DIR          repository root (default: the nearest directory above the cwd with',
    '                      pnpm-workspace.yaml or spec/v2/declaration.json)',
    '  --today YYYY-MM-DD  the current UTC date (default: OPENWOP_NORMATIVE_HOME_TODAY, else the clock)',
    `  --format FORMAT     ${FORMATS.join(' | ')} (default: stylish; github when GITHUB_ACTIONS=true)`,
    '  --fail-on LEVEL     error | warning: the lowest severity that fails a gate (default: error)',
    '  --quiet             print only failing diagnostics and the result lines',
    '  --color, --no-color force colour on or off (default: on a TTY; honours NO_COLOR and FORCE_COLOR)',
    '  --debug             print the stack of an internal error',
    '  --help, --version',
    '',
    'Exit codes: 0 every gate passed; 1 a gate failed; 2 the tool could not do its job (usage, input, internal error).',
  ];
}

/** A defect, not a user error: one line naming it a bug; the stack is printed only under --debug. */
function internalError(label: string, gate: Gate, err: unknown, debug: boolean, stacks: string[]): GateResult {
  const message = err instanceof Error ? err.message : String(err);
  if (debug) stacks.push(`openwop-spec ${label}: ${err instanceof Error && err.stack ? err.stack : message}`);
  return {
    ...failed(gate, `openwop-spec ${label}: internal error (this is a bug)`),
    report: [{ text: `openwop-spec ${label}: ${message}${debug ? '' : ' (run again with --debug for the stack)'}`, stream: 'stderr' }],
  };
}

function failed(gate: Gate, summaryLine: string): GateResult {
  return { gate: gate.id, ok: false, exitCode: 2, summaryLine, report: [], figures: {}, diagnostics: [] };
}

/** Runs one invocation and returns its exit code; never throws for user errors. */
export async function main(argv: readonly string[], io: Io, gates: readonly Gate[] = GATES): Promise<number> {
  const cmds = commands(gates);
  const usage = (message: string): number => {
    io.stderr(`openwop-spec: ${message}; see openwop-spec --help`);
    return 2;
  };
  if (argv.includes('--version') || argv[0] === 'version') {
    io.stdout(VERSION);
    return 0;
  }
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    for (const line of helpText(cmds, gates)) io.stdout(line);
    return 0;
  }
  const name = argv[0]!;
  if (name === 'delta') return deltaCommand(argv.slice(1), io, gates);
  if (name === 'init') return initCommand(argv.slice(1), io, (args) => main(['check', ...args], io, gates));
  if (name === 'report') return reportCommand(argv.slice(1), io, gates);
  const command = cmds.find((c) => c.name === name);
  if (!command) {
    const hint = nearest(name, [...cmds.map((c) => c.name), 'delta', 'init', 'report', 'help']);
    return usage(name.startsWith('-') ? `expected a command before ${name}` : `unknown command "${name}"${hint ? ` (did you mean ${hint}?)` : ''}`);
  }

  let args: ParsedArgs;
  try {
    args = parseArgs(argv.slice(1), VALUE_OPTIONS, [...COMMON_FLAGS, ...Object.keys(command.flags)]);
  } catch (err) {
    if (err instanceof UsageError) return usage(err.message);
    throw err;
  }
  if (args.flags.has('--help') || args.flags.has('-h')) {
    for (const line of helpText([command], gates)) io.stdout(line);
    return 0;
  }
  for (const group of command.exclusive) {
    const given = group.filter((f) => args.flags.has(f));
    if (given.length > 1) return usage(`${given.join(' and ')} cannot be combined`);
  }
  if (args.flags.has('--color') && args.flags.has('--no-color')) return usage('--color and --no-color cannot be combined');

  const formatArg = args.values.get('--format');
  if (formatArg !== undefined && !FORMATS.includes(formatArg as Format)) {
    const hint = nearest(formatArg, FORMATS);
    return usage(`--format ${formatArg} is not one of ${FORMATS.join(', ')}${hint ? ` (did you mean ${hint}?)` : ''}`);
  }
  const format: Format = (formatArg as Format | undefined) ?? (io.env['GITHUB_ACTIONS'] === 'true' ? 'github' : 'stylish');
  const failOnArg = args.values.get('--fail-on') ?? 'error';
  if (!FAIL_ON.includes(failOnArg as FailOn)) return usage(`--fail-on ${failOnArg} is not one of ${FAIL_ON.join(', ')}`);

  let selected: readonly Gate[] = gates;
  if (command.takesGates && args.positionals.length > 0) {
    const picked: Gate[] = [];
    for (const id of args.positionals) {
      const gate = gates.find((g) => g.id === id);
      if (!gate) {
        const hint = nearest(id, gates.map((g) => g.id));
        return usage(`unknown gate "${id}"${hint ? ` (did you mean ${hint}?)` : ''}`);
      }
      if (command.name === 'gen' && !gate.write) return usage(`gate ${id} derives no files; nothing to generate`);
      if (!picked.includes(gate)) picked.push(gate);
    }
    selected = picked;
  } else if (!command.takesGates && args.positionals.length > 0) {
    return usage(`${command.name} takes no arguments (got ${args.positionals.join(' ')})`);
  }

  const debug = args.flags.has('--debug');
  const rootArg = args.values.get('--root');
  let tree: SpecTree;
  let today: string;
  try {
    today = resolveToday(args.values.get('--today'), io.env, io.now ?? (() => new Date()));
    const root = findRoot(io.cwd, rootArg);
    tree = SpecTree.load(root);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    // No gate can run. Machine formats still get their one document; text gets one line.
    const line = formatInputError(command.name, err);
    if (format === 'json' || format === 'sarif') return report(selected.map((g) => failed(g, line)));
    io.stderr(line);
    return 2;
  }

  const options: GateOptions = { today, flags: new Set([...args.flags].filter((f) => f in command.flags)) };
  const stacks: string[] = [];
  const execute = async (on: SpecTree, gatesToRun: readonly Gate[]): Promise<GateResult[]> => {
    const jobs = command.run(on, gatesToRun, options);
    const results: GateResult[] = new Array<GateResult>(jobs.length);
    for (const [i, job] of jobs.entries()) {
      try {
        results[i] = await job.run();
      } catch (err) {
        results[i] = err instanceof InputError ? failed(job.gate, formatInputError(job.label, err)) : internalError(job.label, job.gate, err, debug, stacks);
      }
    }
    return results;
  };
  const printStacks = (): void => {
    for (const stack of stacks.splice(0)) for (const line of stack.split('\n')) io.stderr(line);
  };

  if (args.flags.has('--watch')) {
    return watchGates({ tree, gates: selected, run: execute, report: (r) => { const c = report(r); printStacks(); return c; }, log: io.stderr });
  }
  const code = report(await execute(tree, selected));
  printStacks();
  return code;

  function report(results: readonly GateResult[]): number {
    const rules = new Map<string, RuleDoc>();
    for (const g of gates) for (const r of g.rules) rules.set(r.id, r);
    return writeReport(
    results,
    {
      format,
      failOn: failOnArg as FailOn,
      quiet: args.flags.has('--quiet'),
      color: shouldColor({
        ...(args.flags.has('--color') ? { flag: true } : args.flags.has('--no-color') ? { flag: false } : {}),
        isTTY: io.isTTY ?? false,
        env: io.env,
      }),
      root: rootArg ?? '.',
      rules,
      tool: { name: 'openwop-spec', version: VERSION, informationUri: 'https://openwop.dev/tooling/openwop-spec' },
    },
    io,
  );
  }
}
