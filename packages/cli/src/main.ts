import { createRequire } from 'node:module';
import {
  FORMATS,
  InputError,
  formatCouldNotRun,
  formatInputError,
  formatStylishDiagnostic,
  gateExitCode,
  inputDiagnostic,
  nearest,
  shouldColor,
  writeReport,
} from '@openwop-spec/diagnostics';
import type { FailOn, Format, GateResult, RuleDoc } from '@openwop-spec/diagnostics';
import { SpecTree, findRoot } from '@openwop-spec/spec-tree';
import type { FactCache } from '@openwop-spec/spec-tree';
import type { CommandExample, Gate, GateOptions } from '@openwop-spec/gate-api';
import { UsageError, parseArgs } from './args.js';
import { CACHE_OPTIONS, factCache } from './cache-options.js';
import type { ParsedArgs } from './args.js';
import { GATES } from './registry.js';
import { resolveToday } from './today.js';
import { DELTA, deltaCommand } from './delta-command.js';
import { EXPLAIN, explainCommand } from './explain-command.js';
import { renderHelp, wrap } from './help.js';
import { ruleCatalogue, ruleDocUri } from './rule-docs.js';
import { INIT, initCommand } from './init-command.js';
import { REPORT, reportCommand } from './report-command.js';
import { watchGates } from './watch.js';
import { planFixes, unifiedDiff } from './fix.js';

/** Everything the CLI touches outside itself, injected so tests run in-process. */
export interface Io {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** One call per line, without the newline. */
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  isTTY?: boolean;
  now?: () => Date;
  /** Appends to a file outside the spec tree: the workflow's job summary (GITHUB_STEP_SUMMARY). */
  appendFile(path: string, text: string): void;
  /** A full garbage collection, where the process allows one (the bin). */
  collectGarbage?: () => void;
}

const VALUE_OPTIONS = ['--root', '--today', '--format', '--fail-on', '--cache-location'];
const COMMON_FLAGS = ['--quiet', '--color', '--no-color', '--no-cache', '--debug', '--help', '-h'];
const FAIL_ON: readonly FailOn[] = ['error', 'warning'];
/** `--fix` stops after this many passes even if fixes keep coming (each pass re-checks). */
const FIX_PASSES = 5;

/** Commands with their own argument handling, listed in the overview after the gate commands. */
const OTHER_COMMANDS = [DELTA, INIT, REPORT, EXPLAIN];

export const VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string }).version;

/** A runnable command: the two run-everything commands plus each gate's upstream-named command. */
interface Command {
  name: string;
  summary: string;
  flags: Readonly<Record<string, string>>;
  exclusive: readonly (readonly string[])[];
  examples: readonly CommandExample[];
  /** Gate ids as positionals (`check core-budget`). */
  takesGates: boolean;
  run(
    tree: SpecTree,
    gates: readonly Gate[],
    options: GateOptions,
  ): Array<{ gate: Gate; label: string; run: () => Promise<GateResult> }>;
}

function commands(gates: readonly Gate[]): Command[] {
  const list: Command[] = [
    {
      name: 'check',
      summary: 'run the gates read-only (default: all)',
      flags: {
        '--deadline':
          'passed to normative-home (see openwop-spec normative-home --help): also apply the v1 end-of-support checks as of --today, and print the burn-down line and what it checked',
        '--watch':
          'stay running: check once, then after every save re-run only the gates that read a changed file and print their results and a one-line status (on a terminal, after clearing the screen). Ctrl-C stops.',
        '--fix':
          'apply the mechanical fixes the findings name (a near-miss marker, a missing facetsFrom, stale v1Carried or v1Banners entries, a missing or stale § stub in core/capabilities.md, the baseline when the ratchet improved), each file written atomically and printed as a unified diff; then check again and report what remains',
        '--fix-dry-run':
          'print the unified diff --fix would apply, write nothing, and report the findings as check does',
      },
      exclusive: [['--fix', '--fix-dry-run', '--watch']],
      examples: [
        { command: 'openwop-spec check', does: 'run every gate; exit 1 when one fails' },
        {
          command: 'openwop-spec check normative-home core-budget --format json',
          does: 'run two gates and print one JSON document with their figures and findings',
        },
        { command: 'openwop-spec check --watch', does: 'keep checking while you edit the spec' },
        { command: 'openwop-spec check --fix-dry-run', does: 'show, as a diff, what --fix would change' },
      ],
      takesGates: true,
      run: (tree, selected, options) =>
        selected.map((gate) => ({ gate, label: gate.id, run: () => gate.check(tree, options) })),
    },
    {
      name: 'gen',
      summary: 'regenerate the derived files of the gates that have any (default: all)',
      flags: {},
      exclusive: [],
      examples: [
        {
          command: 'openwop-spec gen',
          does: 'regenerate schemas/v2/capabilities.schema.json and the scenario-majors manifest, writing only files whose bytes change',
        },
        { command: 'openwop-spec gen declaration', does: 'regenerate only the capabilities schema' },
      ],
      takesGates: true,
      run: (tree, selected, options) =>
        selected
          .filter((g) => g.write !== undefined)
          .map((gate) => ({ gate, label: gate.id, run: () => gate.write!(tree, options) })),
    },
  ];
  for (const gate of gates) {
    for (const c of gate.commands) {
      list.push({
        name: c.name,
        summary: c.summary,
        flags: c.flags,
        exclusive: c.exclusive ?? [],
        examples: c.examples,
        takesGates: false,
        run: (tree, _selected, options) => [{ gate, label: c.name, run: () => c.run(tree, options) }],
      });
    }
  }
  return list;
}

/** The options every gate-running command accepts. */
const SHARED_OPTIONS: ReadonlyArray<readonly [string, string]> = [
  [
    '--root DIR',
    'the repository root (default: the nearest directory at or above the cwd holding pnpm-workspace.yaml or spec/v2/declaration.json)',
  ],
  [
    '--today YYYY-MM-DD',
    'the current UTC date (default: OPENWOP_NORMATIVE_HOME_TODAY, else the clock); only normative-home reads it',
  ],
  ['--format FORMAT', `${FORMATS.join(' | ')} (default: stylish; github when GITHUB_ACTIONS=true)`],
  ['--fail-on LEVEL', 'error | warning: the lowest severity that fails a gate (default: error)'],
  ['--quiet', 'print only the findings that fail a gate, and the result lines'],
  ['--color, --no-color', 'force colour on or off (default: on a terminal; NO_COLOR and FORCE_COLOR are honoured)'],
  ...CACHE_OPTIONS,
  ['--debug', 'print the stack of an internal error'],
  ['--help', 'print this help'],
];

const EXIT_CODES = wrap(
  'Exit codes: 0 every gate passed; 1 a gate failed; 2 the tool could not do its job (usage, input, internal error).',
  100,
);

/** `openwop-spec --help`: every command with its summary; `<command> --help` has the details. */
function overview(cmds: readonly Command[], gates: readonly Gate[]): string[] {
  return [
    ...renderHelp({
      usage: 'openwop-spec <command> [options] [gate...]',
      about:
        "Checks an OpenWOP spec repository: each gate reads the spec tree and reports what is wrong with file:line:column and how to fix it. Run openwop-spec <command> --help for a command's options and examples, and openwop-spec explain <rule-id> for what a rule catches and how to fix it.",
      options: [],
      sections: [
        {
          title: 'Commands',
          rows: [
            ...cmds.map((c) => [c.name, c.summary] as const),
            ...OTHER_COMMANDS.map((c) => [c.name, c.summary] as const),
          ],
        },
        { title: 'Gates', rows: gates.map((g) => [g.id, g.summary] as const) },
      ],
      shared: SHARED_OPTIONS,
      examples: [
        { command: 'openwop-spec check', does: 'run every gate' },
        { command: 'openwop-spec normative-home --help', does: 'what the normative-home command and its flags do' },
      ],
    }),
    '',
    ...EXIT_CODES,
  ];
}

/** `openwop-spec <command> --help`: its usage, what it does, its own flags with what each does, examples. */
function commandHelp(command: Command, gates: readonly Gate[]): string[] {
  const grouped = new Set(command.exclusive.flat());
  const flagUsage = [
    ...command.exclusive.map((group) => `[${group.join(' | ')}]`),
    ...Object.keys(command.flags)
      .filter((f) => !grouped.has(f))
      .map((f) => `[${f}]`),
  ];
  return [
    ...renderHelp({
      usage: [
        'openwop-spec',
        command.name,
        ...(command.takesGates ? ['[gate...]'] : []),
        ...flagUsage,
        '[options]',
      ].join(' '),
      about: `${command.summary[0]!.toUpperCase()}${command.summary.slice(1)}.`,
      options: Object.entries(command.flags),
      sections: command.takesGates
        ? [
            {
              title: 'Gates',
              rows: gates
                .filter((g) => command.name !== 'gen' || g.write !== undefined)
                .map((g) => [g.id, g.summary] as const),
            },
          ]
        : [],
      shared: SHARED_OPTIONS,
      examples: command.examples,
    }),
    '',
    ...EXIT_CODES,
  ];
}

/** A defect, not a user error: one line naming it a bug; the stack is printed only under --debug. */
function internalError(label: string, gate: Gate, err: unknown, debug: boolean, stacks: string[]): GateResult {
  const message = err instanceof Error ? err.message : String(err);
  if (debug) stacks.push(`openwop-spec ${label}: ${err instanceof Error && err.stack ? err.stack : message}`);
  return {
    ...failed(gate, `openwop-spec ${label}: internal error (this is a bug)`),
    report: [
      {
        text: `openwop-spec ${label}: ${message}${debug ? '' : ' (run again with --debug for the stack)'}`,
        stream: 'stderr',
      },
    ],
  };
}

function failed(gate: Gate, summaryLine: string): GateResult {
  return { gate: gate.id, ok: false, exitCode: 2, summaryLine, report: [], figures: {}, diagnostics: [] };
}

/** A gate stopped by an input error: the error is its diagnostic (reported once per run), and its result line points at it. */
function couldNotRun(gate: Gate, label: string, err: InputError): GateResult {
  return { ...failed(gate, formatCouldNotRun(label, err)), diagnostics: [inputDiagnostic(gate.id, err)] };
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
  // `help <command>` is `<command> --help`.
  if (argv[0] === 'help' && argv.length > 1) return main([argv[1]!, '--help'], io, gates);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    for (const line of overview(cmds, gates)) io.stdout(line);
    return 0;
  }
  const name = argv[0]!;
  if (name === 'delta') return deltaCommand(argv.slice(1), io, gates);
  if (name === 'init') return initCommand(argv.slice(1), io, (args) => main(['check', ...args], io, gates));
  if (name === 'report') return reportCommand(argv.slice(1), io, gates);
  if (name === 'explain') return explainCommand(argv.slice(1), io, gates);
  const command = cmds.find((c) => c.name === name);
  if (!command) {
    const hint = nearest(name, [...cmds.map((c) => c.name), ...OTHER_COMMANDS.map((c) => c.name), 'help']);
    return usage(
      name.startsWith('-')
        ? `expected a command before ${name}`
        : `unknown command "${name}"${hint ? ` (did you mean ${hint}?)` : ''}`,
    );
  }

  let args: ParsedArgs;
  try {
    args = parseArgs(argv.slice(1), VALUE_OPTIONS, [...COMMON_FLAGS, ...Object.keys(command.flags)]);
  } catch (err) {
    if (err instanceof UsageError) return usage(err.message);
    throw err;
  }
  if (args.flags.has('--help') || args.flags.has('-h')) {
    for (const line of commandHelp(command, gates)) io.stdout(line);
    return 0;
  }
  for (const group of command.exclusive) {
    const given = group.filter((f) => args.flags.has(f));
    if (given.length > 1) return usage(`${given.join(' and ')} cannot be combined`);
  }
  if (args.flags.has('--color') && args.flags.has('--no-color'))
    return usage('--color and --no-color cannot be combined');
  if (args.flags.has('--no-cache') && args.values.has('--cache-location'))
    return usage('--no-cache and --cache-location cannot be combined');

  const formatArg = args.values.get('--format');
  if (formatArg !== undefined && !FORMATS.includes(formatArg as Format)) {
    const hint = nearest(formatArg, FORMATS);
    return usage(`--format ${formatArg} is not one of ${FORMATS.join(', ')}${hint ? ` (did you mean ${hint}?)` : ''}`);
  }
  const format: Format =
    (formatArg as Format | undefined) ?? (io.env['GITHUB_ACTIONS'] === 'true' ? 'github' : 'stylish');
  const failOnArg = args.values.get('--fail-on') ?? 'error';
  if (!FAIL_ON.includes(failOnArg as FailOn))
    return usage(`--fail-on ${failOnArg} is not one of ${FAIL_ON.join(', ')}`);

  let selected: readonly Gate[] = gates;
  if (command.takesGates && args.positionals.length > 0) {
    const picked: Gate[] = [];
    for (const id of args.positionals) {
      const gate = gates.find((g) => g.id === id);
      if (!gate) {
        const hint = nearest(
          id,
          gates.map((g) => g.id),
        );
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
  let cache: FactCache | undefined;
  try {
    today = resolveToday(args.values.get('--today'), io.env, io.now ?? (() => new Date()));
    const root = findRoot(io.cwd, rootArg);
    cache = factCache(root, args, io.cwd);
    tree = SpecTree.load(root, cache ? { cache } : {});
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    // No gate can run. Text gets one line; the other formats their document with the error as its finding.
    if (format !== 'stylish') return report(selected.map((g) => couldNotRun(g, command.name, err)));
    io.stderr(
      err.location ? formatStylishDiagnostic(inputDiagnostic(command.name, err)) : formatInputError(command.name, err),
    );
    return 2;
  }

  const options: GateOptions = {
    today,
    flags: new Set([...args.flags].filter((f) => f in command.flags)),
    ...(io.collectGarbage ? { collectGarbage: io.collectGarbage } : {}),
  };
  const stacks: string[] = [];
  const execute = async (on: SpecTree, gatesToRun: readonly Gate[]): Promise<GateResult[]> => {
    const jobs = command.run(on, gatesToRun, options);
    const results: GateResult[] = new Array<GateResult>(jobs.length);
    for (const [i, job] of jobs.entries()) {
      try {
        results[i] = await job.run();
      } catch (err) {
        results[i] =
          err instanceof InputError
            ? couldNotRun(job.gate, job.label, err)
            : internalError(job.label, job.gate, err, debug, stacks);
      }
      // Each gate keeps what it derived as facts. Collecting the parse trees it dropped before the
      // next gate allocates keeps a cold run's peak memory down (bench README).
      if (on.dropSyntaxTrees() > 0) io.collectGarbage?.();
    }
    return results;
  };
  const printStacks = (): void => {
    for (const stack of stacks.splice(0)) for (const line of stack.split('\n')) io.stderr(line);
  };

  if (args.flags.has('--watch')) {
    return watchGates({
      tree,
      gates: selected,
      run: execute,
      report: (r) => {
        report(r);
        printStacks();
        cache?.flush(tree.root);
      },
      verdict: (r) => gateExitCode(r, failOnArg as FailOn),
      log: io.stderr,
      // On a terminal each run replaces the last: clear the screen and the scrollback, cursor home.
      ...(io.isTTY ? { clear: () => io.stdout('\x1b[2J\x1b[3J\x1b[H') } : {}),
    });
  }
  let results = await execute(tree, selected);
  if (args.flags.has('--fix') || args.flags.has('--fix-dry-run')) {
    try {
      results = await fix(results, args.flags.has('--fix'));
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      io.stderr(formatInputError(command.name, err));
      return 2;
    }
  }
  const code = report(results);
  printStacks();
  cache?.flush(tree.root); // after the report: the cache never delays a result
  return code;

  /**
   * `--fix`: apply the findings' edits, check again, and repeat while a pass still changes a file
   * (an edit that overlapped another waits for the next pass); print each changed file once as a
   * diff of what it was and what it became. `--fix-dry-run`: one pass, nothing written.
   */
  async function fix(first: GateResult[], write: boolean): Promise<GateResult[]> {
    const out = format === 'stylish' ? io.stdout : io.stderr;
    const original = new Map<string, string>();
    const latest = new Map<string, string>();
    let results = first;
    let fixed = 0;
    for (let pass = 0; pass < FIX_PASSES; pass++) {
      const plan = planFixes(
        results.flatMap((r) => r.diagnostics),
        (file) => latest.get(file) ?? tree.text(file),
      );
      if (plan.length === 0) break;
      for (const f of plan) {
        if (!original.has(f.file)) original.set(f.file, f.before);
        latest.set(f.file, f.after);
        fixed += f.fixed;
        if (write) tree.write(f.file, f.after);
      }
      if (!write) break;
      results = await execute(tree, selected);
    }
    const files = [...original.keys()].sort();
    for (const file of files) for (const line of unifiedDiff(file, original.get(file)!, latest.get(file)!)) out(line);
    const what = `${fixed} finding(s) in ${files.length} file(s)`;
    out(
      files.length === 0
        ? 'openwop-spec check: nothing to fix mechanically'
        : write
          ? `openwop-spec check --fix: fixed ${what}`
          : `openwop-spec check --fix-dry-run: would fix ${what}; nothing written`,
    );
    return results;
  }

  function report(results: readonly GateResult[]): number {
    const rules = new Map<string, RuleDoc>(ruleCatalogue(gates).map(({ doc }) => [doc.id, doc]));
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
        helpUri: (id) => (rules.has(id) ? ruleDocUri(id) : undefined),
        tool: { name: 'openwop-spec', version: VERSION, informationUri: 'https://openwop.dev/tooling/openwop-spec' },
      },
      io,
    );
  }
}
