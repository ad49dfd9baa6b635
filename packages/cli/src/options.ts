import { parseArgs } from 'node:util';
import { nearest } from '@openwop-spec/diagnostics';
import { renderHelp } from './help.js';
import type { HelpPage } from './help.js';

/** One option a command accepts: how it parses, and its row in the command's --help. */
export interface OptionSpec {
  /** As typed: `--root`. */
  name: string;
  /** The value's placeholder in --help (`DIR`); absent for a flag. */
  value?: string;
  /** A second flag sharing the row: `--no-color` beside `--color`. */
  pair?: string;
  /** A one-letter alias: `h` for `-h`. */
  short?: string;
  /** The only values accepted; another is a usage error naming the nearest. */
  choices?: readonly string[];
  /** What it does. */
  help: string;
}

/** A usage error: exit 2 with one line and a pointer to --help. */
export class UsageError extends Error {}

export interface ParsedArgs {
  positionals: string[];
  /** Value options by name (`--root DIR` or `--root=DIR`); the last one given wins. */
  values: Map<string, string>;
  /** Flags given, by name (`-h` as `--help`). */
  flags: Set<string>;
}

/**
 * Parses argv against an option table with node:util's parseArgs, which splits `--name=value`,
 * `--name value`, `-h` and `--`; this keeps our messages: an unknown option proposes the nearest
 * one, and a value option followed by nothing or by another option needs a value.
 */
export function parseOptions(argv: readonly string[], table: readonly OptionSpec[]): ParsedArgs {
  const byName = new Map<string, OptionSpec>();
  for (const o of table) {
    byName.set(o.name.slice(2), o);
    if (o.pair) byName.set(o.pair.slice(2), { ...o, name: o.pair });
  }
  const options = Object.fromEntries(
    [...byName].map(([name, o]) => [
      name,
      { type: o.value ? ('string' as const) : ('boolean' as const), ...(o.short ? { short: o.short } : {}) },
    ]),
  );
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const out: ParsedArgs = { positionals: [], values: new Map(), flags: new Set() };
  for (const token of tokens) {
    if (token.kind === 'positional') out.positionals.push(token.value);
    if (token.kind !== 'option') continue;
    const spec = byName.get(token.name);
    const raw = token.inlineValue ? `${token.rawName}=${token.value}` : token.rawName;
    if (!spec || (!spec.value && token.inlineValue)) {
      const hint = nearest(
        token.rawName,
        [...byName.values()].map((o) => o.name),
      );
      throw new UsageError(`unknown option ${raw}${hint ? ` (did you mean ${hint}?)` : ''}`);
    }
    if (!spec.value) out.flags.add(spec.name);
    else if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--')))
      throw new UsageError(`option ${spec.name} needs a value`);
    else out.values.set(spec.name, token.value);
  }
  return out;
}

/** What a command's --help shows and how its arguments are checked: the options it lists are the ones it accepts. */
export interface CommandPage extends HelpPage {
  name: string;
  /** Who prints a usage error and how its help is asked for: `openwop-spec` and `openwop-spec <name> --help` unless given (a developer tool's `bench` and `pnpm bench --help`). */
  program?: { name: string; help: string };
  /** Options that exclude each other. */
  exclusive?: readonly (readonly string[])[];
  /** Whether it takes positional arguments (gate ids, rule ids). */
  positionals?: boolean;
}

/**
 * A command's arguments, parsed and checked against its page, or the exit code when the run ends
 * here: 0 after printing its help, 2 after one line naming the usage error and pointing at the help.
 */
export function commandArgs(
  io: { stdout(line: string): void; stderr(line: string): void },
  page: CommandPage,
  argv: readonly string[],
): ParsedArgs | number {
  const program = page.program ?? { name: 'openwop-spec', help: `openwop-spec ${page.name} --help` };
  const usage = (message: string): number => {
    io.stderr(`${program.name}: ${message}; see ${program.help}`);
    return 2;
  };
  const table = [...page.options, ...(page.shared ?? [])];
  let args: ParsedArgs;
  try {
    args = parseOptions(argv, table);
  } catch (err) {
    if (err instanceof UsageError) return usage(err.message);
    throw err;
  }
  if (args.flags.has('--help')) {
    for (const line of renderHelp(page)) io.stdout(line);
    return 0;
  }
  for (const group of page.exclusive ?? []) {
    const given = group.filter((f) => args.flags.has(f) || args.values.has(f));
    if (given.length > 1) return usage(`${given.join(' and ')} cannot be combined`);
  }
  for (const o of table) {
    const value = args.values.get(o.name);
    if (!o.choices || value === undefined || o.choices.includes(value)) continue;
    const hint = nearest(value, o.choices);
    return usage(`${o.name} ${value} is not one of ${o.choices.join(', ')}${hint ? ` (did you mean ${hint}?)` : ''}`);
  }
  if (!page.positionals && args.positionals.length > 0)
    return usage(`${page.name} takes no arguments (got ${args.positionals.join(' ')})`);
  return args;
}

/** `--help`, which every command accepts. */
export const HELP: OptionSpec = { name: '--help', short: 'h', help: 'print this help' };

/** The lines a developer tool (bench, fuzz) prints, to its process's streams. */
export const processIo = {
  stdout: (line: string): void => void process.stdout.write(`${line}\n`),
  stderr: (line: string): void => void process.stderr.write(`${line}\n`),
};

/** A whole number given as option `name`, else `fallback`; NaN when the text is not one (the caller says why). */
export function wholeNumber(args: ParsedArgs, name: string, fallback: number): number {
  const text = args.values.get(name);
  return text === undefined ? fallback : /^\d+$/.test(text) ? Number(text) : Number.NaN;
}
