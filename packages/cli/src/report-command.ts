import { dirname, join, relative, resolve, sep } from 'node:path';
import { InputError, formatInputError } from '@openwop-spec/diagnostics';
import type { GateResult } from '@openwop-spec/diagnostics';
import { SpecTree, findRoot, writeAtomic } from '@openwop-spec/spec-tree';
import { factKindsOf } from '@openwop-spec/gate-api';
import type { Gate } from '@openwop-spec/gate-api';
import { CACHE_EXCLUSIVE, CACHE_OPTIONS, cacheLocation, factCache } from './cache-options.js';
import type { Io } from './main.js';
import { HELP, commandArgs } from './options.js';
import type { CommandPage } from './options.js';
import { resolveToday } from './today.js';

const FORMATS = ['html', 'markdown'] as const;
const DEFAULT_OUT = 'openwop-spec-report.html';

export const REPORT = {
  name: 'report',
  summary: "the spec's health as one HTML page with charts",
  page: {
    name: 'report',
    usage: 'openwop-spec report [--out FILE] [--history N] [--format html|markdown] [options]',
    about:
      'Writes the spec’s health as one self-contained HTML page: the core budget, every core family and its bucket, the burn-down of open families to v1 end of support over the last N commits that touched the spec, the scenario majors and every finding. Open it in any browser; it makes no network request and needs no server. Each commit is read from git’s object store (the working tree, index and HEAD are never touched), measured from the fact cache where its documents were seen before, and its figures are cached in report-history/ in the cache folder (below), so the next report measures only new commits. On a terminal, a status line shows the progress; when the commits to measure will take a while, one line on stderr says about how long. Exit 0 when the report is written, whatever the gates found; 2 when it cannot be (usage, unreadable repository).',
    options: [
      {
        name: '--out',
        value: 'FILE',
        help: `where to write the page (default: ${DEFAULT_OUT} in the current directory)`,
      },
      {
        name: '--history',
        value: 'N',
        help: 'how many commits to measure for the burn-down (default 30; 0 for none)',
      },
      {
        name: '--format',
        value: 'FORMAT',
        choices: FORMATS,
        help: 'html (default) or markdown: tables without pictures, on stdout unless --out is given',
      },
      { name: '--root', value: 'DIR', help: 'the spec root (default: found from the cwd, as for check)' },
      {
        name: '--today',
        value: 'YYYY-MM-DD',
        help: 'the date the gates are checked at (default: OPENWOP_NORMATIVE_HOME_TODAY, else the clock)',
      },
      ...CACHE_OPTIONS,
      { name: '--debug', help: 'print the stack of an internal error' },
      HELP,
    ],
    exclusive: [CACHE_EXCLUSIVE],
    examples: [
      { command: 'openwop-spec report', does: `write ${DEFAULT_OUT} with the last 30 commits’ burn-down` },
      {
        command: 'openwop-spec report --format markdown --history 0',
        does: 'print the tables on stdout, without measuring history',
      },
    ],
  } satisfies CommandPage,
};

/** `openwop-spec report`: run every gate, measure the history, write the page. */
export async function reportCommand(argv: readonly string[], io: Io, gates: readonly Gate[]): Promise<number> {
  const fail = (line: string): number => {
    io.stderr(line);
    return 2;
  };
  const args = commandArgs(io, REPORT.page, argv);
  if (typeof args === 'number') return args;
  const format = args.values.get('--format') ?? 'html';
  const historyArg = args.values.get('--history') ?? '30';
  if (!/^\d{1,4}$/.test(historyArg))
    return fail(
      `openwop-spec: --history ${historyArg} is not a whole number of commits (0–9999); see openwop-spec report --help`,
    );

  try {
    const today = resolveToday(args.values.get('--today'), io.env, io.now ?? (() => new Date()));
    const root = findRoot(io.cwd, args.values.get('--root'));
    // The gates read the facts check caches: a report after a check parses nothing unchanged.
    const location = cacheLocation(root, args, io);
    const cache = factCache(location);
    const tree = SpecTree.load(root, { kinds: factKindsOf(gates), ...(cache ? { cache } : {}) });
    const options = { today, flags: new Set<string>() };
    const results: GateResult[] = [];
    for (const gate of gates) {
      try {
        results.push(await gate.check(tree, options));
      } catch (err) {
        if (!(err instanceof InputError)) throw err;
        const summaryLine = formatInputError(gate.id, err);
        results.push({
          gate: gate.id,
          ok: false,
          exitCode: 2,
          summaryLine,
          printout: [],
          figures: {},
          diagnostics: [],
        });
      }
    }
    // Loaded here, not at start-up: the charting library is needed by this command only.
    const report = await import('@openwop-spec/report');
    // Measured commits are kept beside the fact cache, under the same rules (none with --no-cache,
    // nor in a tree without node_modules, so reporting on a bare tree never leaves files in it).
    const history = await report.collectHistory(root, tree.paths, {
      limit: Number(historyArg),
      env: io.env,
      ...(cache ? { facts: cache } : {}),
      estimate: (line) => io.stderr(`openwop-spec report: ${line}`),
      ...(io.status ? { progress: io.status } : {}),
      ...(location ? { cache: { ...location, dir: join(location.dir, 'report-history') } } : {}),
    });
    cache?.flush(tree.root); // after the history: its commits' facts are kept too
    const data = report.buildReport({ today, results, history });
    const outArg = args.values.get('--out');
    if (format === 'markdown' && outArg === undefined) {
      for (const line of report.renderMarkdown(data)) io.stdout(line);
    } else {
      const out = resolve(io.cwd, outArg ?? DEFAULT_OUT);
      const linkBase = relative(dirname(out), root).split(sep).join('/');
      const text =
        format === 'markdown'
          ? report.renderMarkdown(data).join('\n') + '\n'
          : await report.renderHtml(data, { linkBase: linkBase ? `${linkBase}/` : '' });
      // The page may replace a file in the folder named, never one a symlink there leads to.
      writeAtomic(out, text, { within: dirname(out), path: outArg ?? DEFAULT_OUT });
      io.stdout(`wrote ${outArg ?? DEFAULT_OUT}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof InputError) return fail(`openwop-spec report: ${err.message}`);
    throw err;
  }
}
