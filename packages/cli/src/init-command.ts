import { InputError, formatInputError } from '@openwop-spec/diagnostics';
import type { PlannedFile } from '@openwop-spec/init';
import { command, findRoot } from '@openwop-spec/spec-tree';
import { CACHE_EXCLUSIVE, CACHE_OPTIONS } from './cache-options.js';
import type { Io } from './main.js';
import { HELP, commandArgs } from './options.js';
import type { CommandPage } from './options.js';

export const INIT = {
  name: 'init',
  summary: 'create the files the gates need that the repository lacks, from what it commits; then check',
  page: {
    name: 'init',
    usage: 'openwop-spec init [--root DIR] [--dry-run] [--today YYYY-MM-DD]',
    about:
      "Creates, once, every file the gates need that the repository lacks, each derived from what it commits: the scenario-majors config (from the committed manifest, with the RFC numbers and reasons of the generator's comments), the capability record base and metadata shapes (copied from the committed schemas/v2/capabilities.schema.json), and openwop-spec.config.json where the layout differs from the default; and it rewrites the committed scenario-majors manifest's $comment, which named the generator's list, for this setup. Other existing files are kept, never overwritten. A file whose inputs are missing or disagree is reported with what it lacks and how to provide it, and the others are created all the same; run init again once you have. Then runs check. Exits 1 when a file is left, else as check does.",
    options: [
      {
        name: '--dry-run',
        help: 'print the plan and the content of every file it would create, write nothing and do not run check',
      },
      { name: '--root', value: 'DIR', help: 'the repository to set up (default: found from the cwd, as for check)' },
      { name: '--today', value: 'YYYY-MM-DD', help: 'passed to the check that follows' },
      { name: '--color', pair: '--no-color', help: 'passed to the check that follows' },
      { name: '--debug', help: 'passed to the check that follows' },
      ...CACHE_OPTIONS.map((o) => ({ ...o, help: `passed to the check that follows: ${o.help}` })),
      HELP,
    ],
    exclusive: [CACHE_EXCLUSIVE],
    examples: [
      {
        command: 'openwop-spec init --dry-run',
        does: 'see what would be created, and from what, before writing anything',
      },
      {
        command: 'openwop-spec init --root ../openwop',
        does: 'set up a spec repository in upstream’s layout, then check it',
      },
    ],
  } satisfies CommandPage,
};

/** `openwop-spec init`: plan, write, report, then run `check` (given as `check`, with its arguments). */
export async function initCommand(
  argv: readonly string[],
  io: Io,
  check: (args: string[]) => Promise<number>,
): Promise<number> {
  const fail = (line: string): number => {
    io.stderr(line);
    return 2;
  };
  const args = commandArgs(io, INIT.page, argv);
  if (typeof args === 'number') return args;
  const dryRun = args.flags.has('--dry-run');

  let files: PlannedFile[];
  let root: string;
  try {
    root = findRoot(io.cwd, args.values.get('--root'));
    const { applyInit, planInit } = await import('@openwop-spec/init'); // loaded by this command only
    const plan = await planInit(root);
    files = dryRun ? plan.files : applyInit(plan);
    for (const file of files) {
      if (file.action === 'left') {
        const at = file.location;
        const where = at ? ` (${at.file}${at.start ? `:${at.start.line}:${at.start.column}` : ''})` : '';
        io.stderr(`openwop-spec init: cannot create ${file.path}: ${file.from}${where}`);
        continue;
      }
      const verb = VERBS[file.action][dryRun ? 1 : 0];
      io.stdout(`openwop-spec init: ${verb} ${file.path} (${file.from})`);
      if (dryRun && file.action === 'create')
        for (const line of file.content!.trimEnd().split('\n')) io.stdout(`    ${line}`);
      if (dryRun && file.action === 'update') {
        const before = new Set(file.before!.split('\n'));
        for (const line of file.content!.trimEnd().split('\n')) if (!before.has(line)) io.stdout(`    ${line}`);
      }
    }
    for (const warning of plan.warnings) io.stderr(`openwop-spec init: warning: ${warning}`);
  } catch (err) {
    if (err instanceof InputError) return fail(formatInputError('init', err));
    throw err;
  }
  const left = files.filter((f) => f.action === 'left').length;
  const leftLine = `openwop-spec init: ${left} file(s) left; provide what each line above says, then run ${command('init')} again`;
  if (dryRun) {
    if (left > 0) io.stderr(leftLine);
    return left > 0 ? 1 : 0;
  }

  const forwarded = [
    '--root',
    root,
    ...['--today', '--cache-location'].flatMap((o) => (args.values.has(o) ? [o, args.values.get(o)!] : [])),
    ...['--color', '--no-color', '--debug', '--no-cache'].filter((f) => args.flags.has(f)),
  ];
  const code = await check(forwarded);
  const count = (action: PlannedFile['action']) => files.filter((f) => f.action === action).length;
  const updated = count('update');
  const result =
    code === 0 ? 'check passed' : code === 1 ? 'check failed (exit 1)' : 'check could not run every gate (exit 2)';
  (code === 0 && left === 0 ? io.stdout : io.stderr)(
    `openwop-spec init: created ${count('create')} file(s)${updated > 0 ? `, updated ${updated}` : ''}, kept ${count('keep')}; ${result}`,
  );
  if (left === 0) return code;
  io.stderr(leftLine);
  return 1;
}

/** What init prints that it did to a file (after a write, and in a dry run). */
const VERBS: Record<Exclude<PlannedFile['action'], 'left'>, readonly [string, string]> = {
  create: ['created', 'would create'],
  update: ['updated', 'would update'],
  keep: ['kept', 'kept'],
};
