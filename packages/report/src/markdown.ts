import { codeSpan as code, formatGrouped as n, markdownRow, markdownText as text } from '@openwop-spec/diagnostics';
import { BUCKETS, statusWords, tallyFindings } from './model.js';
import type { ReportData } from './model.js';

/** A table of cells of inline markdown: each value from the tree is `text` or a `code` span. */
const table = (head: readonly string[], rows: readonly (readonly string[])[]): string[] => [
  `| ${head.join(' | ')} |`,
  `|${head.map(() => '---').join('|')}|`,
  ...rows.map(markdownRow),
];

/**
 * The report's compact form for a GitHub job summary: the same sections and numbers as tables,
 * without pictures, and the families listed by bucket instead of one row each.
 */
export function renderMarkdown(d: ReportData): string[] {
  const out: string[] = [];
  const para = (...lines: string[]): void => void out.push('', ...lines);
  const passed = d.gates.filter((g) => g.ok).length;
  out.push(`## openwop-spec report — ${text(d.today)}`);
  const failed = d.gates.filter((g) => !g.ok).map((g) => code(g.id));
  para(
    `${passed} of ${d.gates.length} gates passed${failed.length ? ` (failed: ${failed.join(', ')}; see Findings)` : ''}.`,
  );
  if (d.status) {
    const w = statusWords(d.status);
    para(`**${w.headline}**; ${w.schedule}. ${w.today}`);
  }
  const withFindings = d.findings.filter((g) => g.diagnostics.length > 0 || g.error);
  if (withFindings.length)
    para(
      `Findings: ${withFindings.map((g) => `${code(g.gate)} ${g.error ? 'could not run (input error)' : tallyFindings(g.diagnostics)}`).join('; ')} (listed under Findings below).`,
    );
  para(
    ...table(
      ['gate', 'result', 'summary'],
      d.gates.map((g) => [code(g.id), g.ok ? 'passed' : '**failed**', text(g.summary)]),
    ),
  );

  out.push('', '### Core budget');
  const b = d.budget;
  if (b) {
    para(
      `**${n(b.total)}** of **${n(b.cap)}** words (${b.headroom >= 0 ? `headroom ${n(b.headroom)}` : `**over by ${n(-b.headroom)}**`}); cap = ${text(b.formula)}.`,
    );
    para(
      ...table(
        ['document', 'words'],
        b.rows.map((r) => [text(r.label), n(r.words)]),
      ),
    );
  } else para('No budget: the core-budget gate did not produce figures.');

  out.push('', '### Families');
  const f = d.families;
  if (f) {
    para(
      ...table(
        ['bucket', 'families', 'keys'],
        BUCKETS.map((bucket) => [
          bucket,
          n(f.counts[bucket]),
          f.rows
            .filter((r) => r.bucket === bucket)
            .map((r) => code(r.key))
            .join(', '),
        ]),
      ),
    );
  } else para('No classification: the normative-home gate did not produce figures.');

  out.push('', '### Burn-down');
  const bd = d.burnDown;
  if (bd.eos && bd.t0 && bd.openAtT0 !== undefined)
    para(`Allowed = ceil(${bd.openAtT0} × (E − T) / (E − t0)), t0 ${bd.t0}, v1 end of support E ${bd.eos}.`);
  para(
    'Open: what the normative-home gate’s burn-down counts (no declared home, or v1-dependent and not in `v1Carried`). Without a v2 home: core − resolved.',
  );
  for (const note of bd.notes) para(`> ${text(note)}`);
  para(
    ...table(
      ['date', 'commit', 'open', 'allowed', 'without a v2 home'],
      bd.points.map((p) => [
        p.day,
        p.sha ? `${code(p.label)} ${text(p.subject ?? '')}`.trim() : text(p.label),
        n(p.open),
        p.allowed === undefined ? '—' : n(p.allowed),
        n(p.unhomed),
      ]),
    ),
  );
  if (bd.unmeasured.length)
    para(`Not measured: ${bd.unmeasured.map((u) => `${code(u.sha.slice(0, 7))} (${text(u.error)})`).join('; ')}.`);

  out.push('', '### Scenario majors');
  const m = d.majors;
  if (m) {
    para(
      ...table(
        ['major', 'files'],
        [
          ['v1 only', n(m.v1Only)],
          ['both majors', n(m.both)],
          ['v2 only', n(m.v2Only)],
          ['all', n(m.files)],
        ],
      ),
    );
    para(
      `Lint: ${m.lint.files} file(s) target major 2, ${m.lint.modules} local module(s) reached; ${m.lint.violations} violation(s), ${m.lint.suppressed} suppressed.`,
    );
  } else para('No manifest: the scenario-majors gate did not produce figures.');

  out.push('', '### Findings');
  const rows = d.findings.flatMap((g) => [
    ...(g.error ? [[text(g.gate), 'error', '', text(g.error), '']] : []),
    ...g.diagnostics.map((x) => [
      text(g.gate),
      x.severity,
      x.file ? text(`${x.file}${x.start ? `:${x.start.line}:${x.start.column}` : ''}`) : '',
      text(x.message),
      code(x.ruleId),
    ]),
  ]);
  if (rows.length === 0) para('None.');
  else para(...table(['gate', 'severity', 'where', 'message', 'rule'], rows));
  return out;
}
