import { escapeHtml as esc, formatGrouped, visible } from '@openwop-spec/diagnostics';
import type { Diagnostic } from '@openwop-spec/diagnostics';
import { BASE, HOMED_AT_0190, PER_FAMILY } from '@openwop-spec/gate-core-budget';
import { pathProblem } from '@openwop-spec/spec-tree';
import {
  BUCKET_COLOURS,
  budgetDocumentsChart,
  budgetHistoryChart,
  budgetTotalChart,
  burnDownChart,
  familiesChart,
  majorsChart,
  renderSvg,
} from './charts.js';
import type { Chart } from './charts.js';
import { BUCKETS, statusWords, tallyFindings } from './model.js';
import type { ReportData } from './model.js';

export interface HtmlOptions {
  /** The repository root as a relative URL from the report's folder ('' or ending in '/'). */
  linkBase: string;
}

const n = (v: number): string => formatGrouped(v);
const table = (
  caption: string,
  head: readonly string[],
  rows: readonly (readonly string[])[],
  cls = 'numbers',
): string =>
  [
    `<table class="${cls}">`,
    `<caption>${esc(caption)}</caption>`,
    `<thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...rows.map((r) => `<tr>${r.join('')}</tr>`),
    '</tbody>',
    '</table>',
  ].join('\n');
const td = (s: string, cls?: string): string => `<td${cls ? ` class="${cls}"` : ''}>${s}</td>`;
const num = (v: number | undefined): string => td(v === undefined ? '—' : n(v), 'num');

/** A chart with its text alternative, and the table of the numbers it draws beside it. */
async function figure(chart: Chart, numbers: string): Promise<string> {
  // Vega escapes markup in labels, not control characters: they are shown as escapes, as in any text.
  const svg = visible(await renderSvg(chart));
  return [
    '<div class="chart-row">',
    `<figure id="${chart.id}" aria-label="${esc(chart.title)}" aria-describedby="${chart.id}-alt">`,
    svg,
    `<figcaption id="${chart.id}-alt">${esc(chart.alt)}</figcaption>`,
    '</figure>',
    numbers,
    '</div>',
  ].join('\n');
}

/**
 * A link to a repository file, relative to the report's folder, showing `text`. Only a canonical
 * repository path is a link (relative, no `.`, `..` or empty segment, no backslash) without a
 * colon (so nothing reads a scheme in it), and each of its segments is percent-encoded, so a link
 * never leaves the repository: `//host/x`, `/etc/passwd`, `../x` and `javascript:x` are text.
 */
const link = (linkBase: string, path: string, text: string): string =>
  pathProblem(path) === undefined && !path.includes(':')
    ? `<a href="${esc(linkBase + path.split('/').map(encodeURIComponent).join('/'))}">${esc(text)}</a>`
    : esc(text);

const location = (d: Diagnostic, linkBase: string): string =>
  d.file ? link(linkBase, d.file, d.start ? `${d.file}:${d.start.line}:${d.start.column}` : d.file) : '—';

const missing = (what: string, gate: string): string =>
  `<p class="missing">No ${esc(what)}: the ${esc(gate)} gate did not produce figures (see Findings).</p>`;

async function budgetSection(d: ReportData, o: HtmlOptions): Promise<string> {
  const b = d.budget;
  if (!b) return missing('budget', 'core-budget');
  const headroom = b.headroom >= 0 ? `${n(b.headroom)} words of headroom` : `${n(-b.headroom)} words over the cap`;
  return [
    `<p><strong>${n(b.total)}</strong> words in ${b.rows.length} document(s) against a cap of <strong>${n(b.cap)}</strong>: ${headroom}.
The cap is ${esc(b.formula)}: ${n(BASE)} words, plus ${PER_FAMILY} for each core family with a real v2 home beyond the ${HOMED_AT_0190} homed at RFC 0190.</p>`,
    await figure(
      budgetTotalChart(b),
      table(
        'Total against the cap',
        ['figure', 'words'],
        [
          [td('total'), num(b.total)],
          [td('cap'), num(b.cap)],
          [td(b.headroom >= 0 ? 'headroom' : 'over the cap'), num(Math.abs(b.headroom))],
          [td('homed families'), num(b.homed)],
        ],
      ),
    ),
    await figure(
      budgetDocumentsChart(b),
      table(
        'Words per document',
        ['document', 'words'],
        [...b.rows.map((r) => [td(link(o.linkBase, r.path, r.label)), num(r.words)])],
      ),
    ),
    await figure(
      budgetHistoryChart(b),
      table(
        'Words and cap per commit',
        ['date', 'commit', 'subject', 'words', 'cap', 'headroom'],
        b.history.map((p) => [
          td(p.day, 'nowrap'),
          commitCell(p),
          subjectCell(p.subject),
          num(p.words),
          num(p.cap),
          num(p.cap - p.words),
        ]),
      ),
    ),
  ].join('\n');
}

/** A commit's short id with the full one on hover, or `today`. */
const commitCell = (p: { label: string; sha?: string }): string =>
  td(p.sha ? `<code title="${esc(p.sha)}">${esc(p.label)}</code>` : esc(p.label), 'nowrap');

/** A commit subject cut to the cell's width, the whole of it on hover (and for a screen reader, in the text). */
const subjectCell = (subject: string | undefined): string =>
  subject === undefined
    ? td('working tree')
    : td(`<span class="subject" title="${esc(subject)}">${esc(subject)}</span>`);

function homesCell(homes: NonNullable<ReportData['families']>['rows'][number]['homes'], linkBase: string): string {
  if (homes.length === 0) return '<span class="none">none declared</span>';
  return homes
    .map((h) => {
      const at = h.line !== undefined ? `${h.path}:${h.line}` : h.path;
      return `${link(linkBase, h.path, at)}${h.class ? ` <span class="class">${esc(h.class)}</span>` : ''}`;
    })
    .join('<br>');
}

function facetsCell(facets: ReadonlyArray<{ name: string; covered: boolean }>): string {
  if (facets.length === 0) return '<span class="none">—</span>';
  return facets
    .map(
      (f) =>
        `<span class="facet ${f.covered ? 'covered' : 'uncovered'}">${f.covered ? '✓' : '✗'} ${esc(f.name)}</span>`,
    )
    .join(' ');
}

async function familiesSection(d: ReportData, o: HtmlOptions): Promise<string> {
  const f = d.families;
  if (!f) return missing('family classification', 'normative-home');
  const filter = [
    '<fieldset class="filter">',
    '<legend>Show families</legend>',
    ...['all', ...BUCKETS].map((b) => {
      const count = b === 'all' ? f.rows.length : f.counts[b as (typeof BUCKETS)[number]];
      return `<input type="radio" name="bucket" id="show-${b}" value="${b}"${b === 'all' ? ' checked' : ''}><label for="show-${b}">${b} (${count})</label>`;
    }),
    '</fieldset>',
  ].join('\n');
  const rows = f.rows.map(
    (r) =>
      `<tr data-bucket="${r.bucket}">${td(`<code>${esc(r.key)}</code>`)}${td(`<span class="bucket b-${r.bucket}">${r.bucket}</span>`)}${td(homesCell(r.homes, o.linkBase))}${td(facetsCell(r.facets))}</tr>`,
  );
  return [
    await figure(
      familiesChart(f),
      table(
        'Families per bucket',
        ['bucket', 'families'],
        [...BUCKETS.map((b) => [td(b), num(f.counts[b])]), [td('all core families'), num(f.rows.length)]],
      ),
    ),
    '<p>A family is <em>resolved</em> when every home is outside <code>spec/v1/</code> and passes the normative-home gate, <em>v1-dependent</em> when a home is still in <code>spec/v1/</code>, <em>undeclared</em> without a home, and <em>failing</em> when a home fails the gate. A home’s line is where its marker claims the family.</p>',
    filter,
    [
      '<table class="families" id="families">',
      '<caption>Every core family, in declaration order</caption>',
      '<thead><tr><th scope="col">family</th><th scope="col">bucket</th><th scope="col">homes</th><th scope="col">facets (✓ covered)</th></tr></thead>',
      '<tbody>',
      ...rows,
      '</tbody>',
      '</table>',
    ].join('\n'),
  ].join('\n');
}

async function burnDownSection(d: ReportData): Promise<string> {
  const b = d.burnDown;
  const notes = b.notes.map((x) => `<li>${esc(x)}</li>`);
  // Only the open count has an allowance; the families without a v2 home are stated beside it, never judged by it.
  const against = (open: number, allowed: number | undefined): string =>
    allowed === undefined
      ? 'no allowance on this day'
      : open <= allowed
        ? `${open} of ${allowed} allowed`
        : `behind: ${open - allowed} over the ${allowed} allowed`;
  const rows = b.points.map((p) => [
    td(p.day, 'nowrap'),
    commitCell(p),
    subjectCell(p.subject),
    num(p.unhomed),
    num(p.open),
    num(p.allowed),
    td(against(p.open, p.allowed), p.allowed !== undefined && p.open > p.allowed ? 'behind' : undefined),
  ]);
  const schedule =
    b.eos && b.t0 && b.openAtT0 !== undefined
      ? `<p>The allowed line is ceil(openAtT0 × (E − T) / (E − t0)): ${b.openAtT0} open at t0 ${esc(b.t0)}, falling to 0 at the v1 end of support E ${esc(b.eos)} (<code>evidence/v1-end-of-support.json</code>).</p>`
      : '';
  return [
    '<p><em>Open</em> is what the normative-home gate’s burn-down (<code>--deadline</code>) counts and the allowed line bounds: core families with no declared home, plus v1-dependent families that <code>v1Carried</code> in the baseline does not carry. <em>Without a v2 home</em> is every core family not yet resolved (v1-dependent, undeclared or failing), carried or not. Both are measured by the gate at each of the last commits that changed the spec, schemas, docs, evidence or configuration, and in today’s working tree.</p>',
    schedule,
    notes.length ? `<ul class="notes">${notes.join('')}</ul>` : '',
    await figure(
      burnDownChart(b),
      table(
        'Families per commit',
        ['date', 'commit', 'subject', 'without a v2 home', 'open', 'allowed open', 'open against the schedule'],
        rows,
      ),
    ),
    b.unmeasured.length
      ? table(
          'Commits the gates could not measure',
          ['date', 'commit', 'why'],
          b.unmeasured.map((u) => [
            td(u.day, 'nowrap'),
            td(`<code>${esc(u.sha.slice(0, 7))}</code>`),
            td(esc(u.error)),
          ]),
          'unmeasured',
        )
      : '',
  ]
    .filter(Boolean)
    .join('\n');
}

async function majorsSection(d: ReportData): Promise<string> {
  const m = d.majors;
  if (!m) return missing('scenario manifest', 'scenario-majors');
  return [
    await figure(
      majorsChart(m),
      table(
        'Scenario files per major',
        ['major', 'files'],
        [
          [td('v1 only'), num(m.v1Only)],
          [td('both majors'), num(m.both)],
          [td('v2 only'), num(m.v2Only)],
          [td('all scenario files'), num(m.files)],
        ],
      ),
    ),
    `<p>The major-awareness lint reads the ${m.lint.files} file(s) that target major 2 and the ${m.lint.modules} local module(s) they import: ${m.lint.violations} violation(s), ${m.lint.suppressed} suppressed by a pragma.</p>`,
  ].join('\n');
}

/** The id of a gate's findings on the page (gate ids are kebab-case; anything else is replaced). */
const findingsId = (gate: string): string => `findings-${gate.replace(/[^A-Za-z0-9_-]/g, '-')}`;

function findingsSection(d: ReportData, o: HtmlOptions): string {
  return d.findings
    .map((g) => {
      const head = `<h3 id="${esc(findingsId(g.gate))}">${esc(g.gate)} <span class="count">(${g.diagnostics.length} finding(s))</span></h3>`;
      const error = g.error ? `<p class="error">${esc(g.error)}</p>` : '';
      if (g.diagnostics.length === 0) return `${head}\n${error}${error ? '' : '<p class="none">No findings.</p>'}`;
      const rows = g.diagnostics.map((x) => [
        td(`<span class="sev ${x.severity}">${x.severity}</span>`),
        td(location(x, o.linkBase)),
        td(
          esc(x.message) +
            (x.causedBy
              ? `<br><span class="follows">follows from <code>${esc(x.causedBy.ruleId)}</code>${x.causedBy.file ? ` at ${esc(x.causedBy.file)}${x.causedBy.start ? `:${x.causedBy.start.line}:${x.causedBy.start.column}` : ''}` : ''}</span>`
              : ''),
        ),
        td(`<code>${esc(x.ruleId)}</code>`),
      ]);
      return [head, error, table(`${g.gate} findings`, ['severity', 'where', 'message', 'rule'], rows, 'findings')]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
}

/** The page's first sentences: which gates fail (each linked to its findings), and where the families stand against the schedule. */
function statusSection(d: ReportData): string {
  const failed = d.gates.filter((g) => !g.ok);
  const gates =
    failed.length === 0
      ? `On ${esc(d.today)} all ${d.gates.length} gates pass.`
      : `On ${esc(d.today)} ${failed.length} of ${d.gates.length} gates fail: ${failed.map((g) => `<a href="#${esc(findingsId(g.id))}">${esc(g.id)}</a>`).join(', ')}.`;
  if (!d.status) return `<p class="status">${gates}</p>`;
  const w = statusWords(d.status);
  const behind = d.status.allowed !== undefined && d.status.open > d.status.allowed;
  return `<p class="status">${gates} <strong>${esc(w.headline)}</strong>; ${esc(w.schedule)}. ${behind ? `<strong class="behind">${esc(w.today)}</strong>` : esc(w.today)}</p>`;
}

/** Every gate's findings counted at the top, each gate linked to its list further down. */
function findingsSummary(d: ReportData): string {
  const withFindings = d.findings.filter((g) => g.diagnostics.length > 0 || g.error);
  if (withFindings.length === 0) return '<p class="findings-summary">No findings.</p>';
  const all = d.findings.flatMap((g) => g.diagnostics);
  const items = withFindings.map((g) => {
    const rules = new Map<string, number>();
    for (const x of g.diagnostics) rules.set(x.ruleId, (rules.get(x.ruleId) ?? 0) + 1);
    const ruleList = [...rules].map(([id, k]) => `<code>${esc(id)}</code>${k > 1 ? ` ×${k}` : ''}`).join(', ');
    const what = g.error ? 'could not run (input error)' : tallyFindings(g.diagnostics);
    return `<li><a href="#${esc(findingsId(g.gate))}">${esc(g.gate)}</a>: ${what}${ruleList ? ` — ${ruleList}` : ''}</li>`;
  });
  return [
    `<div class="findings-summary"><p><strong>Findings:</strong> ${all.length ? tallyFindings(all) : 'none but input errors'}.</p>`,
    `<ul>${items.join('')}</ul></div>`,
  ].join('\n');
}

/** The answers to the weekly questions, before any detail: room in the budget, homes, schedule. */
function glance(d: ReportData): string {
  const items: string[] = [];
  const b = d.budget;
  if (b)
    items.push(
      `<strong>${n(b.total)} / ${n(b.cap)}</strong> words in the core budget; ${b.headroom >= 0 ? `${n(b.headroom)} headroom` : `${n(-b.headroom)} over`}`,
    );
  const f = d.families;
  if (f) {
    // Every bucket that is not resolved and not empty, so a failing or undeclared family is never hidden.
    const rest = BUCKETS.filter((b) => b !== 'resolved' && f.counts[b] > 0).map((b) => `${f.counts[b]} ${b}`);
    items.push(
      `<strong>${f.counts.resolved} / ${f.rows.length}</strong> core families have a v2 home${rest.length ? `; ${rest.join(', ')}` : ''}`,
    );
  }
  const today = d.burnDown.points.at(-1);
  if (today?.label === 'today') {
    const schedule = today.allowed === undefined ? 'no schedule' : `${today.allowed} allowed today`;
    items.push(
      `<strong>${today.open} open</strong> against ${schedule} (${today.unhomed} without a v2 home)${d.burnDown.eos ? `; v1 end of support ${esc(d.burnDown.eos)}` : ''}`,
    );
  }
  const m = d.majors;
  if (m) items.push(`<strong>${m.files}</strong> scenario files; ${m.v2Only + m.both} run at major 2`);
  return items.length ? `<ul class="glance">${items.map((i) => `<li>${i}</li>`).join('')}</ul>` : '';
}

const STYLE = `
:root { color-scheme: light; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1b1f24; margin: 0; background: #fff; }
header, main { max-width: 1240px; margin: 0 auto; padding: 0 20px; }
header { border-bottom: 1px solid #d0d7de; padding-bottom: 8px; }
h1 { font-size: 1.6em; margin: 16px 0 4px; }
h2 { font-size: 1.3em; margin: 28px 0 8px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
h3 { font-size: 1.05em; margin: 18px 0 6px; }
nav a { margin-right: 14px; }
a { color: #0b57d0; }
code { font: 0.92em ui-monospace, "DejaVu Sans Mono", monospace; }
table { border-collapse: collapse; margin: 8px 0; }
caption { text-align: left; font-weight: 600; padding: 4px 0; }
th, td { border: 1px solid #d0d7de; padding: 3px 8px; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num, td.nowrap { white-space: nowrap; }
.chart-row { display: flex; flex-wrap: wrap; gap: 16px 28px; align-items: flex-start; margin: 12px 0; }
figure { margin: 0; max-width: 100%; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 0.9em; color: #444; max-width: 640px; }
.gates td.ok { color: #1a7f37; font-weight: 600; }
.gates td.failed { color: #b3261e; font-weight: 600; }
.bucket { display: inline-block; padding: 0 6px; border-radius: 8px; color: #fff; font-size: 0.85em; white-space: nowrap; }
${BUCKETS.map((b) => `.b-${b} { background: ${BUCKET_COLOURS[b]}; }`).join('\n')}
.class { color: #57606a; font-size: 0.85em; }
.facet { white-space: nowrap; margin-right: 6px; }
.facet.covered { color: #1a7f37; }
.facet.uncovered { color: #b3261e; font-weight: 600; }
.none, .count { color: #57606a; }
.sev.error, .error { color: #b3261e; font-weight: 600; }
.sev.warning { color: #9a6700; font-weight: 600; }
.notes { color: #9a6700; }
.status { font-size: 1.05em; max-width: 1000px; }
.findings-summary { border-left: 4px solid #d0d7de; padding: 2px 12px; margin: 10px 0; }
.findings-summary p, .findings-summary ul { margin: 4px 0; }
.follows { color: #57606a; font-size: 0.9em; }
td.behind { color: #b3261e; font-weight: 600; }
.subject { display: inline-block; max-width: 34em; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; vertical-align: top; }
.glance { list-style: none; padding: 0; margin: 10px 0; display: flex; flex-wrap: wrap; gap: 10px; }
.glance li { border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 12px; background: #f6f8fa; max-width: 290px; }
.glance strong { display: block; font-size: 1.35em; }
.filter { border: 1px solid #d0d7de; margin: 10px 0; padding: 6px 10px; }
.filter input { margin-left: 12px; }
${BUCKETS.map((b) => `#families-section:has(#show-${b}:checked) tbody tr:not([data-bucket="${b}"]) { display: none; }`).join('\n')}
@media print {
  nav, .filter { display: none; }
  .subject { white-space: normal; max-width: none; }
  #families tbody tr { display: table-row !important; }
  a { color: inherit; text-decoration: none; }
  figure, .numbers { break-inside: avoid; }
  h2 { break-after: avoid; }
}
`;

/**
 * The report as one self-contained HTML page: inline CSS and SVG, no script, no external
 * resource (a Content-Security-Policy forbids every fetch). The bucket filter is CSS radio buttons,
 * so the page reads the same with JavaScript off, and printing shows every row.
 */
export async function renderHtml(d: ReportData, o: HtmlOptions): Promise<string> {
  const gatesTable = table(
    'Gates',
    ['gate', 'result', 'summary'],
    d.gates.map((g) => [
      td(`<code>${esc(g.id)}</code>`),
      td(g.ok ? 'passed' : `<a href="#${esc(findingsId(g.id))}">failed</a>`, g.ok ? 'ok' : 'failed'),
      td(esc(g.summary)),
    ]),
    'gates',
  );
  const section = (id: string, title: string, body: string): string =>
    `<section id="${id}">\n<h2>${esc(title)}</h2>\n${body}\n</section>`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>openwop-spec report — ${esc(d.today)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<header>',
    '<h1>openwop-spec report</h1>',
    statusSection(d),
    glance(d),
    findingsSummary(d),
    '<nav><a href="#budget">Core budget</a><a href="#families-section">Families</a><a href="#burn-down">Burn-down</a><a href="#majors">Scenario majors</a><a href="#findings">Findings</a></nav>',
    '</header>',
    '<main>',
    gatesTable,
    section('budget', 'Core budget', await budgetSection(d, o)),
    section('families-section', 'Families', await familiesSection(d, o)),
    section('burn-down', 'Burn-down', await burnDownSection(d)),
    section('majors', 'Scenario majors', await majorsSection(d)),
    section('findings', 'Findings', findingsSection(d, o)),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
