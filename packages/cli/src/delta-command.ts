import {
  InputError,
  formatInputError,
  formatStylishDiagnostic,
  inputDiagnostic,
  jsonLines,
  toJsonDiagnostic,
} from '@openwop-spec/diagnostics';
import { command, findRoot } from '@openwop-spec/spec-tree';
import type { Gate } from '@openwop-spec/gate-api';
import { CACHE_EXCLUSIVE, CACHE_OPTIONS, cacheLocation, factCache } from './cache-options.js';
import type { Io } from './main.js';
import { HELP, commandArgs } from './options.js';
import type { CommandPage } from './options.js';
import { resolveToday } from './today.js';

const FORMATS = ['stylish', 'markdown', 'json'] as const;
type DeltaFormat = (typeof FORMATS)[number];

export const DELTA = {
  name: 'delta',
  summary: "what the working tree changes in every gate's figures, against a git base",
  page: {
    name: 'delta',
    usage: 'openwop-spec delta [--base REF] [--format stylish|markdown|json] [options]',
    about:
      'Runs every gate on the tree at a git base and on the working tree (uncommitted changes included), and reports what the change does to each gate: whether it passes on each side, a before → after table of its figures with the difference, and the rows that changed. The base is read from git’s object store (the working tree, the index and HEAD are never touched), and a gate runs there only when it reads a path the change touched: otherwise its result is the working tree’s. Both sides read and add to the fact cache, as check does. With GITHUB_STEP_SUMMARY set, the markdown rendering is also appended to that file. Exits as check would on the working tree: 1 when a gate fails there (the figures are still printed, and one line on stderr names the failing gates), 2 when one cannot run there; a gate failing only at the base does not count.',
    options: [
      {
        name: '--base',
        value: 'REF',
        help: 'the commit to compare with: a branch, tag or commit (default: the merge base of HEAD with the default branch — origin/HEAD, else main, else master)',
      },
      {
        name: '--format',
        value: 'FORMAT',
        choices: FORMATS,
        help: 'stylish (default) | markdown (per gate a before → after table to paste into an RFC or a pull request) | json ({ base, head, exitCode, gates: { <gate>: { before, after, status, table, changes } } })',
      },
      { name: '--root', value: 'DIR', help: 'the spec root (default: found from the cwd, as for check)' },
      {
        name: '--today',
        value: 'YYYY-MM-DD',
        help: 'the date both sides are checked at (default: OPENWOP_NORMATIVE_HOME_TODAY, else the clock)',
      },
      ...CACHE_OPTIONS,
      { name: '--debug', help: 'print the stack of an internal error' },
      HELP,
    ],
    exclusive: [CACHE_EXCLUSIVE],
    examples: [
      { command: 'openwop-spec delta --base main', does: 'what your branch and uncommitted edits change against main' },
      {
        command: 'openwop-spec delta --base v2.0.0 --format markdown',
        does: 'a block for an RFC’s acceptance criteria, against a release tag',
      },
    ],
  } satisfies CommandPage,
};

/** `openwop-spec delta`: what this change does to every gate's figures. */
export async function deltaCommand(argv: readonly string[], io: Io, gates: readonly Gate[]): Promise<number> {
  const args = commandArgs(io, DELTA.page, argv);
  if (typeof args === 'number') return args;
  const format = (args.values.get('--format') ?? 'stylish') as DeltaFormat;
  try {
    const today = resolveToday(args.values.get('--today'), io.env, io.now ?? (() => new Date()));
    const root = findRoot(io.cwd, args.values.get('--root'));
    const base = args.values.get('--base');
    // Loaded here, not at start-up (it brings zx): a check never pays for it.
    const { delta, renderMarkdown, renderText } = await import('@openwop-spec/delta');
    // Both sides read the facts check caches: only what the change touched is derived again.
    const cache = factCache(cacheLocation(root, args, io));
    const comparison = await delta(root, gates, {
      today,
      env: io.env,
      ...(base !== undefined ? { base } : {}),
      ...(cache ? { cache } : {}),
    });
    cache?.flush(root);
    const lines =
      format === 'json'
        ? jsonLines(comparison)
        : format === 'markdown'
          ? renderMarkdown(comparison)
          : renderText(comparison);
    for (const line of lines) io.stdout(line);
    const summary = io.env['GITHUB_STEP_SUMMARY'];
    if (summary) io.appendFile(summary, renderMarkdown(comparison).join('\n') + '\n\n');
    // The figures are no excuse for a failing tree: say which gates fail and exit as check would.
    const failing = Object.entries(comparison.gates)
      .filter(([, g]) => g.status.after.exitCode !== 0)
      .map(([id]) => id);
    if (failing.length > 0)
      io.stderr(
        `openwop-spec delta: the working tree fails ${failing.join(', ')}; run ${command(`check ${failing.join(' ')}`)} for the findings`,
      );
    return comparison.exitCode;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    // The same positioned line as `check`; under --format json, also a document saying it.
    if (format === 'json')
      for (const line of jsonLines({ ok: false, diagnostics: [toJsonDiagnostic(inputDiagnostic('delta', err))] }))
        io.stdout(line);
    io.stderr(err.location ? formatStylishDiagnostic(inputDiagnostic('delta', err)) : formatInputError('delta', err));
    return 2;
  }
}
