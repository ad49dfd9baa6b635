#!/usr/bin/env node
import { resolve } from 'node:path';
import { HELP, commandArgs, processIo } from '@openwop-spec/cli';
import type { CommandPage } from '@openwop-spec/cli';
import { DEFAULT_SEED, writeCorpus } from './generate.js';

const PAGE: CommandPage = {
  name: 'gen-corpus',
  program: { name: 'gen-corpus', help: 'gen-corpus --help' },
  usage: 'gen-corpus --scale N --out DIR [--seed S]',
  about: 'Writes a synthetic spec repository of N times upstream’s size, the same bytes for the same scale and seed.',
  options: [
    { name: '--scale', value: 'N', help: 'the size, as a multiple of upstream’s (1–9999)' },
    { name: '--out', value: 'DIR', help: 'the folder to write it to' },
    { name: '--seed', value: 'S', help: `the generator's seed (default ${DEFAULT_SEED})` },
    HELP,
  ],
  examples: [{ command: 'gen-corpus --scale 10 --out /tmp/corpus', does: 'a corpus ten times upstream’s size' }],
};

/** Parses `--scale N --out DIR [--seed S]`; the exit code when the run ends here (help, usage error). */
export function parseGenArgs(
  argv: readonly string[],
  io: { stdout(line: string): void; stderr(line: string): void } = processIo,
): { scale: number; out: string; seed: string } | number {
  const args = commandArgs(io, PAGE, argv);
  if (typeof args === 'number') return args;
  const scale = args.values.get('--scale');
  const out = args.values.get('--out');
  if (scale === undefined || out === undefined || !/^[1-9][0-9]{0,3}$/.test(scale)) {
    io.stderr(`gen-corpus: --scale (a positive whole number up to 9999) and --out are required; see gen-corpus --help`);
    return 2;
  }
  return { scale: Number(scale), out, seed: args.values.get('--seed') ?? DEFAULT_SEED };
}

async function run(): Promise<number> {
  const args = parseGenArgs(process.argv.slice(2));
  if (typeof args === 'number') return args;
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
