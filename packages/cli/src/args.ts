import { nearest } from '@openwop-spec/diagnostics';
import { renderHelp } from './help.js';
import type { HelpPage } from './help.js';

/** A usage error: exit 2 with one line and a pointer to --help. */
export class UsageError extends Error {}

export interface ParsedArgs {
  positionals: string[];
  /** Value options (`--root DIR` or `--root=DIR`), last one wins. */
  values: Map<string, string>;
  /** Boolean flags given. */
  flags: Set<string>;
}

/**
 * Parses argv against the options a command accepts. An unknown option or a missing value is a
 * usage error that proposes the nearest valid option.
 */
export function parseArgs(
  argv: readonly string[],
  valueOptions: readonly string[],
  booleanFlags: readonly string[],
): ParsedArgs {
  const out: ParsedArgs = { positionals: [], values: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (valueOptions.includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--')))
        throw new UsageError(`option ${name} needs a value`);
      out.values.set(name, value);
    } else if (booleanFlags.includes(name) && eq < 0) {
      out.flags.add(name);
    } else {
      const hint = nearest(name, [...valueOptions, ...booleanFlags]);
      throw new UsageError(`unknown option ${arg}${hint ? ` (did you mean ${hint}?)` : ''}`);
    }
  }
  return out;
}

/** A subcommand as its help shows it. */
export interface Subcommand {
  name: string;
  page: HelpPage;
}

/**
 * The options of a subcommand that takes no positional arguments: parsed, or the exit code when
 * the run ends here — 0 after printing its help, 2 after one line naming the usage error and
 * pointing at its help. With `formats`, `--format` must be one of them (the nearest is proposed).
 */
export function subcommandArgs(
  io: { stdout(line: string): void; stderr(line: string): void },
  command: Subcommand,
  argv: readonly string[],
  options: { values: readonly string[]; flags: readonly string[]; formats?: readonly string[] },
): ParsedArgs | number {
  const usage = (message: string): number => {
    io.stderr(`openwop-spec: ${message}; see openwop-spec ${command.name} --help`);
    return 2;
  };
  let args: ParsedArgs;
  try {
    args = parseArgs(argv, options.values, options.flags);
  } catch (err) {
    if (err instanceof UsageError) return usage(err.message);
    throw err;
  }
  if (args.flags.has('--help') || args.flags.has('-h')) {
    for (const line of renderHelp(command.page)) io.stdout(line);
    return 0;
  }
  if (args.positionals.length) return usage(`${command.name} takes no arguments (got ${args.positionals.join(' ')})`);
  const format = args.values.get('--format');
  if (options.formats && format !== undefined && !options.formats.includes(format)) {
    const hint = nearest(format, options.formats);
    return usage(
      `--format ${format} is not one of ${options.formats.join(', ')}${hint ? ` (did you mean ${hint}?)` : ''}`,
    );
  }
  return args;
}
