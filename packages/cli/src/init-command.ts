import { InputError, formatInputError } from '@openwop-spec/diagnostics';
import type { PlannedFile } from '@openwop-spec/init';
import { findRoot } from '@openwop-spec/spec-tree';
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
      "Creates, once, every file the gates need that the repository lacks, each derived from what it commits: the scenario-majors config (from the committed manifest, with the RFC numbers and reasons of the generator's comments), the capability record base and metadata shapes (copied from the committed schemas/v2/capabilities.schema.json), and openwop-spec.config.json where the layout differs from the default. Existing files are kept, never overwritten. Then runs check.",
    options: [
      {
        name: '--dry-run',
        help: 'print the plan and the content of every file it would create, write nothing and do not run check',
      },
      { name: '--root', value: 'DIR', help: 'the repository to set up (default: found from the cwd, as for check)' },
      { name: '--today', value: 'YYYY-MM-DD', help: 'passed to the check that follows' },
      { name: '--color', pair: '--no-color', help: 'passed to the check that follows' },
      { name: '--debug', help: 'passed to the check that follows' },
      HELP,
    ],
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
      const verb = file.action === 'keep' ? 'kept' : dryRun ? 'would create' : 'created';
      io.stdout(`openwop-spec init: ${verb} ${file.path} (${file.from})`);
      if (dryRun && file.content) for (const line of file.content.trimEnd().split('\n')) io.stdout(`    ${line}`);
    }
    for (const warning of plan.warnings) io.stderr(`openwop-spec init: warning: ${warning}`);
  } catch (err) {
    if (err instanceof InputError) return fail(formatInputError('init', err));
    throw err;
  }
  if (dryRun) return 0;

  const forwarded = [
    '--root',
    root,
    ...(args.values.has('--today') ? ['--today', args.values.get('--today')!] : []),
    ...['--color', '--no-color', '--debug'].filter((f) => args.flags.has(f)),
  ];
  const code = await check(forwarded);
  const created = files.filter((f) => f.action === 'create').length;
  const result =
    code === 0 ? 'check passed' : code === 1 ? 'check failed (exit 1)' : 'check could not run every gate (exit 2)';
  (code === 0 ? io.stdout : io.stderr)(
    `openwop-spec init: created ${created} file(s), kept ${files.length - created}; ${result}`,
  );
  return code;
}
