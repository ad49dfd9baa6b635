#!/usr/bin/env node
import { resolve } from 'node:path';
import { DEFAULT_SEED, writeCorpus } from './generate.js';

const USAGE = 'usage: gen-corpus --scale N --out DIR [--seed S]';

/** Parses `--scale N --out DIR [--seed S]`; returns an error message for bad usage. */
export function parseGenArgs(argv: readonly string[]): { scale: number; out: string; seed: string } | string {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return USAGE;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (!['--scale', '--out', '--seed'].includes(name)) return `unknown argument ${arg}; ${USAGE}`;
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') return `${name} needs a value; ${USAGE}`;
    values.set(name, value);
  }
  const scaleText = values.get('--scale');
  const out = values.get('--out');
  if (scaleText === undefined || out === undefined) return USAGE;
  if (!/^[1-9][0-9]{0,3}$/.test(scaleText)) return `--scale must be a positive integer (got ${scaleText})`;
  return { scale: Number(scaleText), out, seed: values.get('--seed') ?? DEFAULT_SEED };
}

async function run(): Promise<number> {
  const args = parseGenArgs(process.argv.slice(2));
  if (typeof args === 'string') {
    process.stderr.write(`gen-corpus: ${args}\n`);
    return args === USAGE ? 0 : 2;
  }
  try {
    const result = await writeCorpus(resolve(args.out), args);
    process.stdout.write(
      `gen-corpus: wrote ${result.files} files (scale ${args.scale}, seed ${args.seed}) to ${args.out}\n`,
    );
    if (!result.generated)
      process.stderr.write(
        'gen-corpus: the declaration gate has no writer yet; schemas/v2/capabilities.schema.json was not derived\n',
      );
    return 0;
  } catch (err) {
    process.stderr.write(`gen-corpus: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('gen-corpus.js')) {
  process.exitCode = await run();
}
