import {
  InputError,
  formatInputError,
  formatStylishDiagnostic,
  inputDiagnostic,
  nearest,
  terminalLine,
  terminalSink,
} from '@openwop-spec/diagnostics';
import type { GateResult } from '@openwop-spec/diagnostics';
import { factKindsOf } from '@openwop-spec/gate-api';
import type { Gate, GateOptions } from '@openwop-spec/gate-api';
import { SpecTree, findRoot } from '@openwop-spec/spec-tree';
import type { FactCache } from '@openwop-spec/spec-tree';
import { cacheLocation, factCache } from './cache-options.js';
import { EXIT_CODES, SHARED_OPTIONS, commandPage, gateRunCommands } from './commands.js';
import type { GateRunCommand } from './commands.js';
import { DELTA, deltaCommand } from './delta-command.js';
import { EXPLAIN, explainCommand } from './explain-command.js';
import { applyFixes } from './fix.js';
import { renderHelp } from './help.js';
import { INIT, initCommand } from './init-command.js';
import { commandArgs } from './options.js';
import type { ParsedArgs } from './options.js';
import { GATES } from './registry.js';
import { REPORT, reportCommand } from './report-command.js';
import { GateRunner, couldNotRun, outputWriter } from './run.js';
import type { OutputWriter } from './run.js';
import { resolveToday } from './today.js';
import { watchGates } from './watch.js';

import { VERSION } from './version.js';

export { VERSION };

/** Everything the CLI touches outside itself, injected so tests run in-process. */
export interface Io {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** One call per line, without the newline. */
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  isTTY?: boolean;
  /**
   * Shows a status line of long work in place of the last one, and clears it with undefined: on a
   * terminal only (stderr), so nothing extra reaches a pipe or a CI log.
   */
  status?: (line: string | undefined) => void;
  now?: () => Date;
  /** Appends to a file outside the spec tree: the workflow's job summary (GITHUB_STEP_SUMMARY). */
  appendFile(path: string, text: string): void;
  /** A full garbage collection, where the process allows one (the bin). */
  collectGarbage?: () => void;
  /** A GitHub workflow command, written as it is (`main` sets it: `terminalSink`). */
  command?: (line: string) => void;
  /** One of the tool's own terminal control sequences, written as it is (`main` sets it: `terminalSink`). */
  control?: (sequence: string) => void;
}

/** Commands with their own argument handling, listed in the overview after the gate-running ones. */
const OTHER_COMMANDS = [DELTA, INIT, REPORT, EXPLAIN];

/** `openwop-spec --help`: every command with its summary; `<command> --help` has the details. */
function overview(commands: readonly GateRunCommand[], gates: readonly Gate[]): string[] {
  return renderHelp({
    usage: 'openwop-spec <command> [options] [gate...]',
    about:
      "Checks an OpenWOP spec repository: each gate reads the spec tree and reports what is wrong with file:line:column and how to fix it. Run openwop-spec <command> --help for a command's options and examples, and openwop-spec explain <rule-id> for what a rule catches and how to fix it.",
    options: [],
    sections: [
      {
        title: 'Commands',
        rows: [...commands, ...OTHER_COMMANDS].map((c) => [c.name, c.summary] as const),
      },
      { title: 'Gates', rows: gates.map((g) => [g.id, g.summary] as const) },
    ],
    shared: SHARED_OPTIONS,
    examples: [
      { command: 'openwop-spec check', does: 'run every gate' },
      { command: 'openwop-spec normative-home --help', does: 'what the normative-home command and its flags do' },
    ],
    footer: EXIT_CODES,
  });
}

/**
 * Runs one invocation and returns its exit code; never throws for user errors. Every line it
 * prints goes through `terminalSink`: names from the tree print as inert text, whatever the command.
 */
export async function main(argv: readonly string[], rawIo: Io, gates: readonly Gate[] = GATES): Promise<number> {
  const status = rawIo.status;
  const io: Io = {
    ...rawIo,
    ...terminalSink(rawIo),
    ...(status ? { status: (line: string | undefined) => status(line === undefined ? line : terminalLine(line)) } : {}),
  };
  const commands = gateRunCommands(gates);
  if (argv.includes('--version') || argv[0] === 'version') {
    io.stdout(VERSION);
    return 0;
  }
  // `help <command>` is `<command> --help`.
  if (argv[0] === 'help' && argv.length > 1) return main([argv[1]!, '--help'], rawIo, gates);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    for (const line of overview(commands, gates)) io.stdout(line);
    return 0;
  }
  const name = argv[0]!;
  if (name === 'delta') return deltaCommand(argv.slice(1), io, gates);
  if (name === 'init') return initCommand(argv.slice(1), io, (args) => main(['check', ...args], rawIo, gates));
  if (name === 'report') return reportCommand(argv.slice(1), io, gates);
  if (name === 'explain') return explainCommand(argv.slice(1), io, gates);
  const command = commands.find((c) => c.name === name);
  if (!command) {
    const hint = nearest(name, [...commands.map((c) => c.name), ...OTHER_COMMANDS.map((c) => c.name), 'help']);
    io.stderr(
      `openwop-spec: ${
        name.startsWith('-')
          ? `expected a command before ${name}`
          : `unknown command "${name}"${hint ? ` (did you mean ${hint}?)` : ''}`
      }; see openwop-spec --help`,
    );
    return 2;
  }
  return runGateCommand(command, argv.slice(1), io, gates);
}

/** A gate-running command: parse → select → load → run → write. */
async function runGateCommand(
  command: GateRunCommand,
  argv: readonly string[],
  io: Io,
  gates: readonly Gate[],
): Promise<number> {
  const args = commandArgs(io, commandPage(command, gates), argv);
  if (typeof args === 'number') return args;
  const selected = select(command, gates, args.positionals);
  if (typeof selected === 'string') {
    io.stderr(`openwop-spec: ${selected}; see openwop-spec ${command.name} --help`);
    return 2;
  }
  const out = outputWriter(io, args, gates);
  const loaded = load(io, args, selected);
  if (loaded instanceof InputError) {
    // No gate can run. Text gets one line; the other formats their document with the error as its finding.
    if (out.format !== 'stylish') return out.write(selected.map((g) => couldNotRun(g, command.name, loaded)));
    io.stderr(
      loaded.location
        ? formatStylishDiagnostic(inputDiagnostic(command.name, loaded))
        : formatInputError(command.name, loaded),
    );
    return 2;
  }
  const { tree, cache, today } = loaded;
  const options: GateOptions = {
    today,
    flags: new Set([...args.flags].filter((f) => f in command.flags)),
    ...(io.collectGarbage ? { collectGarbage: io.collectGarbage } : {}),
  };
  const runner = new GateRunner(command.jobs, options, io, args.flags.has('--debug'));
  const writeResults = (results: readonly GateResult[]): number => {
    const code = out.write(results);
    runner.printStacks();
    cache?.flush(tree.root); // after the output: the cache never delays a result
    return code;
  };
  if (args.flags.has('--watch')) return watch(io, tree, selected, runner, out, writeResults);
  let results = await runner.run(tree, selected);
  if (args.flags.has('--fix') || args.flags.has('--fix-dry-run')) {
    try {
      results = await applyFixes(
        tree,
        results,
        args.flags.has('--fix'),
        () => runner.run(tree, selected),
        out.format === 'stylish' ? io.stdout : io.stderr,
      );
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
      io.stderr(formatInputError(command.name, err));
      return 2;
    }
  }
  return writeResults(results);
}

/** The gates named on the command line (in the order given), else every gate the command runs; or why not. */
function select(command: GateRunCommand, gates: readonly Gate[], ids: readonly string[]): readonly Gate[] | string {
  if (ids.length === 0) return gates;
  const picked: Gate[] = [];
  for (const id of ids) {
    const gate = gates.find((g) => g.id === id);
    if (!gate) {
      const hint = nearest(
        id,
        gates.map((g) => g.id),
      );
      return `unknown gate "${id}"${hint ? ` (did you mean ${hint}?)` : ''}`;
    }
    if (!command.runs(gate)) return `gate ${id} derives no files; nothing to generate`;
    if (!picked.includes(gate)) picked.push(gate);
  }
  return picked;
}

/** The date, the root and its tree with the fact cache; an input error when one cannot be had. */
function load(
  io: Io,
  args: ParsedArgs,
  gates: readonly Gate[],
): { tree: SpecTree; cache?: FactCache; today: string } | InputError {
  try {
    const today = resolveToday(args.values.get('--today'), io.env, io.now ?? (() => new Date()));
    const root = findRoot(io.cwd, args.values.get('--root'));
    const cache = factCache(cacheLocation(root, args, io));
    const tree = SpecTree.load(root, { kinds: factKindsOf(gates), ...(cache ? { cache } : {}) });
    return { tree, today, ...(cache ? { cache } : {}) };
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
}

/** `check --watch`: the same runner and output, re-run on every change. */
function watch(
  io: Io,
  tree: SpecTree,
  gates: readonly Gate[],
  runner: GateRunner,
  out: OutputWriter,
  writeResults: (results: readonly GateResult[]) => number,
): Promise<number> {
  return watchGates({
    tree,
    gates,
    run: (on, some) => runner.run(on, some),
    write: (results) => void writeResults(results),
    verdict: out.verdict,
    log: io.stderr,
    // On a terminal each run replaces the last: clear the screen and the scrollback, cursor home.
    ...(io.isTTY ? { clear: () => (io.control ?? io.stdout)('\x1b[2J\x1b[3J\x1b[H') } : {}),
  });
}
