import { nearest } from '@openwop-spec/diagnostics';

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
export function parseArgs(argv: readonly string[], valueOptions: readonly string[], booleanFlags: readonly string[]): ParsedArgs {
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
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`option ${name} needs a value`);
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
