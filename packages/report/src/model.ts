import { formatGrouped, linkCauses, compareCodeUnits } from '@openwop-spec/diagnostics';
import type { Diagnostic, GateResult } from '@openwop-spec/diagnostics';
import { BASE, HOMED_AT_0190, PER_FAMILY } from '@openwop-spec/gate-core-budget';
import { daysBetween, allowedAt } from '@openwop-spec/gate-normative-home';
import { isRecord } from '@openwop-spec/json';

/** The figures the burn-down needs at one commit, taken from the gates' figures there. */
export interface PointFigures {
  core: number;
  resolved: number;
  /** What the normative-home gate's burn-down counts: undeclared, plus v1-dependent and not carried. */
  open: number;
  /** Core families without a v2 home: core − resolved (v1-dependent, undeclared or failing). */
  unhomed: number;
  words: number;
  cap: number;
}

/** One commit of the history. */
export interface HistoryPoint {
  sha: string;
  /** The committer date, ISO 8601. */
  date: string;
  subject: string;
  figures?: PointFigures;
  /** Why the gates could not measure this commit. */
  error?: string;
}

export interface History {
  /** Newest first, as git lists them. */
  points: HistoryPoint[];
  /** Why history is missing or incomplete (not a git repository, a shallow clone, …). */
  notes: string[];
}

export const BUCKETS = ['resolved', 'v1-dependent', 'undeclared', 'failing'] as const;
export type BucketName = (typeof BUCKETS)[number];

export interface FamilyRow {
  key: string;
  bucket: BucketName;
  homes: Array<{ path: string; class: string | null; line?: number; column?: number }>;
  facets: Array<{ name: string; covered: boolean }>;
}

export interface BurnPoint {
  /** `today` for the working tree, else the commit's short id. */
  label: string;
  sha?: string;
  subject?: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** The gate's open count, which the allowed line bounds. */
  open: number;
  /** Core families without a v2 home (core − resolved): carried v1-dependent families count here, not in `open`. */
  unhomed: number;
  /** The schedule's allowance on that day, when the day is on or after t0 (0 from the end of support on). */
  allowed?: number;
}

/** The core budget at one commit, or today. */
export interface BudgetPoint {
  /** `today` for the working tree, else the commit's short id. */
  label: string;
  sha?: string;
  subject?: string;
  day: string;
  words: number;
  cap: number;
}

/** Where the families stand today, for the status the page opens with. */
export interface HomeStatus {
  /** Core families without a v2 home: v1-dependent, undeclared or failing. */
  unhomed: number;
  /** Of those, the v1-dependent ones the baseline's `v1Carried` carries (the §D fallback covers them at the end of support). */
  carried: number;
  /** What the schedule bounds: no declared home, or v1-dependent and not carried. */
  open: number;
  /** The schedule's allowance today, when today is on or after t0 (0 from the end of support on). */
  allowed?: number;
  /** The v1 end of support, and the days from today to it. */
  eos?: string;
  daysLeft?: number;
}

export interface ReportData {
  today: string;
  /** Every gate's outcome, in run order. */
  gates: Array<{ id: string; ok: boolean; summary: string }>;
  status?: HomeStatus;
  budget?: {
    rows: Array<{ path: string; label: string; words: number }>;
    total: number;
    cap: number;
    homed: number;
    headroom: number;
    formula: string;
    /** Words and cap at each measured commit, oldest first, then today. */
    history: BudgetPoint[];
  };
  families?: { rows: FamilyRow[]; counts: Record<BucketName, number> };
  burnDown: {
    /** Oldest first; the last is today's working tree when the normative-home gate ran. */
    points: BurnPoint[];
    /** The allowed line's samples (t0, each point's day in range, the end of support), by day. */
    allowed: Array<{ day: string; allowed: number }>;
    t0?: string;
    openAtT0?: number;
    eos?: string;
    /** The days the chart spans: from the first point to the last point or the end of support, whichever is later. */
    span?: { start: string; end: string };
    /** Commits the gates could not measure. */
    unmeasured: Array<{ sha: string; day: string; error: string }>;
    notes: string[];
  };
  majors?: {
    files: number;
    v1Only: number;
    both: number;
    v2Only: number;
    lint: { files: number; modules: number; violations: number; suppressed: number };
  };
  /** Per gate, its findings: a consequence carries `causedBy` (its root cause, possibly in another gate). */
  findings: Array<{ gate: string; error?: string; diagnostics: Diagnostic[] }>;
}

export interface ReportInput {
  /** The day the report describes (YYYY-MM-DD, UTC): the working tree's point on the burn-down. */
  today: string;
  results: readonly GateResult[];
  history: History;
}

type Figures = Record<string, unknown>;
const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Figures | undefined => (isRecord(v) ? v : undefined);

/** The UTC day of an ISO 8601 timestamp. */
export const utcDay = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/** A gate's figures, or undefined when the gate did not run or could not produce them. */
function figuresOf(results: readonly GateResult[], gate: string): Figures | undefined {
  const f = results.find((r) => r.gate === gate)?.figures;
  return f && Object.keys(f).length > 0 ? f : undefined;
}

/** Today's or a commit's burn-down counts from the normative-home gate's figures: its own `open`, and core − resolved. */
function burnCounts(
  home: Figures | undefined,
): { core: number; resolved: number; open: number; unhomed: number } | undefined {
  const counts = obj(home?.['counts']);
  const core = num(counts?.['core']);
  const resolved = num(counts?.['resolved']);
  const open = num(home?.['open']);
  if (core === undefined || resolved === undefined || open === undefined) return undefined;
  return { core, resolved, open, unhomed: core - resolved };
}

/** The burn-down figures of one commit, from its core-budget and normative-home figures. */
export function pointFigures(budget: Figures, home: Figures): PointFigures | undefined {
  const counts = burnCounts(home);
  const words = num(budget['total']);
  const cap = num(budget['cap']);
  if (counts === undefined || words === undefined || cap === undefined) return undefined;
  return { ...counts, words, cap };
}

function budgetSection(today: string, f: Figures | undefined, history: History): ReportData['budget'] {
  const total = num(f?.['total']);
  const cap = num(f?.['cap']);
  const homed = num(f?.['homed']);
  if (!f || total === undefined || cap === undefined || homed === undefined) return undefined;
  const rows = (Array.isArray(f['rows']) ? (f['rows'] as Array<{ path: string; label: string; words: number }>) : [])
    .map(({ path, label, words }) => ({ path, label, words }))
    .sort((a, b) => b.words - a.words || compareCodeUnits(a.label, b.label));
  const past: BudgetPoint[] = [...history.points].reverse().flatMap((p) =>
    p.figures
      ? [
          {
            label: p.sha.slice(0, 7),
            sha: p.sha,
            subject: p.subject,
            day: utcDay(p.date),
            words: p.figures.words,
            cap: p.figures.cap,
          },
        ]
      : [],
  );
  return {
    rows,
    total,
    cap,
    homed,
    headroom: cap - total,
    formula: `${formatGrouped(BASE)} + ${PER_FAMILY} × (${homed} homed − ${HOMED_AT_0190})`,
    history: [...past, { label: 'today', day: today, words: total, cap }],
  };
}

function familiesSection(f: Figures | undefined): ReportData['families'] {
  if (!f || !Array.isArray(f['families'])) return undefined;
  // Figures from older commits (the report reads history) may lack homes or facets.
  const rows = (f['families'] as Array<Omit<FamilyRow, 'homes' | 'facets'> & Partial<FamilyRow>>).map((x) => ({
    key: x.key,
    bucket: x.bucket,
    homes: x.homes ?? [],
    facets: x.facets ?? [],
  }));
  const counts = Object.fromEntries(BUCKETS.map((b) => [b, rows.filter((r) => r.bucket === b).length])) as Record<
    BucketName,
    number
  >;
  return { rows, counts };
}

function burnDownSection(today: string, home: Figures | undefined, history: History): ReportData['burnDown'] {
  const notes = [...history.notes];
  const baseline = obj(home?.['baseline']);
  const t0 = str(baseline?.['t0']);
  const openAtT0 = num(baseline?.['openAtT0']);
  const eos = str(obj(home?.['eos'])?.['date']);

  const points: BurnPoint[] = [];
  const unmeasured: ReportData['burnDown']['unmeasured'] = [];
  for (const p of [...history.points].reverse()) {
    if (p.figures)
      points.push({
        label: p.sha.slice(0, 7),
        sha: p.sha,
        subject: p.subject,
        day: utcDay(p.date),
        open: p.figures.open,
        unhomed: p.figures.unhomed,
      });
    else unmeasured.push({ sha: p.sha, day: utcDay(p.date), error: p.error ?? 'not measured' });
  }
  const now = burnCounts(home);
  if (now) points.push({ label: 'today', day: today, open: now.open, unhomed: now.unhomed });
  else notes.push('the normative-home gate could not run on the working tree, so today has no point');

  // Without the gate's figures the note above already says why there is no line.
  let schedule: { t0: string; openAtT0: number; eos: string } | undefined;
  if (home) {
    if (eos === undefined)
      notes.push('the v1 end-of-support date is unknown (no endOfSupportNotBefore), so there is no allowed line');
    else if (t0 === undefined || openAtT0 === undefined)
      notes.push('the normative-home baseline has no t0 and openAtT0, so there is no allowed line');
    else if (daysBetween(t0, eos) <= 0)
      notes.push(`t0 ${t0} is not before the end of support ${eos}, so the schedule has no span`);
    else schedule = { t0, openAtT0, eos };
  }

  const allowed: ReportData['burnDown']['allowed'] = [];
  if (schedule) {
    // From the end of support on the gate allows none open (it fails on every undeclared or uncarried family).
    const allowedOn = (day: string): number =>
      day >= schedule.eos ? 0 : allowedAt(day, schedule.t0, schedule.openAtT0, schedule.eos);
    const scheduled = (day: string): boolean => day >= schedule.t0;
    for (const p of points) if (scheduled(p.day)) p.allowed = allowedOn(p.day);
    const days = [...new Set([schedule.t0, ...points.map((p) => p.day).filter(scheduled), schedule.eos])].sort();
    for (const day of days) allowed.push({ day, allowed: allowedOn(day) });
  }
  const days = points.map((p) => p.day).sort();
  const last = [days.at(-1), schedule?.eos]
    .filter((x) => x !== undefined)
    .sort()
    .at(-1);
  const span = days.length > 0 && last !== undefined ? { start: days[0]!, end: last } : undefined;
  return { points, allowed, ...(schedule ?? {}), ...(span && { span }), unmeasured, notes };
}

/** Today's families without a v2 home, carried or open, against the schedule. */
function homeStatus(
  today: string,
  home: Figures | undefined,
  burnDown: ReportData['burnDown'],
): HomeStatus | undefined {
  const now = burnCounts(home);
  if (!now || !Array.isArray(home?.['families'])) return undefined;
  const carriedKeys = obj(home['baseline'])?.['v1Carried'];
  const carriedSet = new Set(Array.isArray(carriedKeys) ? carriedKeys.filter((k) => typeof k === 'string') : []);
  const carried = (home['families'] as Array<{ key?: unknown; bucket?: unknown }>).filter(
    (f) => f.bucket === 'v1-dependent' && typeof f.key === 'string' && carriedSet.has(f.key),
  ).length;
  const allowed = burnDown.points.at(-1)?.label === 'today' ? burnDown.points.at(-1)!.allowed : undefined;
  const eos = burnDown.eos ?? str(obj(home['eos'])?.['date']);
  return {
    unhomed: now.unhomed,
    carried,
    open: now.open,
    ...(allowed !== undefined && { allowed }),
    ...(eos !== undefined && { eos, daysLeft: daysBetween(today, eos) }),
  };
}

function majorsSection(f: Figures | undefined): ReportData['majors'] {
  const counts = obj(f?.['counts']);
  const lint = obj(f?.['lint']);
  const files = num(counts?.['files']);
  const v1 = num(counts?.['v1']);
  const v2 = num(counts?.['v2']);
  if (files === undefined || v1 === undefined || v2 === undefined || !lint) return undefined;
  // Every scenario file targets major 1, major 2 or both (the gate's naming rule), so the three
  // groups follow from the counts.
  return {
    files,
    v1Only: files - v2,
    both: v1 + v2 - files,
    v2Only: files - v1,
    lint: {
      files: num(lint['files']) ?? 0,
      modules: num(lint['modules']) ?? 0,
      violations: num(lint['violations']) ?? 0,
      suppressed: num(lint['suppressed']) ?? 0,
    },
  };
}

/** `1 error, 2 warnings` (only the severities present), with the root causes when some findings follow from others. */
export function tallyFindings(diagnostics: readonly Diagnostic[]): string {
  const parts = (['error', 'warning', 'info'] as const).flatMap((sev) => {
    const k = diagnostics.filter((x) => x.severity === sev).length;
    return k === 0 ? [] : [`${k} ${sev === 'info' || k === 1 ? sev : `${sev}s`}`];
  });
  const consequences = diagnostics.filter((x) => x.causedBy).length;
  const roots = diagnostics.filter((x) => !x.causedBy && x.severity !== 'info').length;
  return `${parts.join(', ')}${consequences > 0 ? ` (${roots} root cause(s), ${consequences} following from them)` : ''}`;
}

const familiesWord = (k: number): string => `${formatGrouped(k)} ${k === 1 ? 'family' : 'families'}`;

/**
 * The status in plain words, for the page and the job summary: the headline (families still
 * without a v2 home, and what the schedule allows by when) and what today's numbers mean.
 */
export function statusWords(s: HomeStatus): { headline: string; schedule: string; today: string } {
  const when =
    s.daysLeft === undefined
      ? ''
      : s.daysLeft > 0
        ? ` (in ${formatGrouped(s.daysLeft)} day(s))`
        : s.daysLeft === 0
          ? ' (today)'
          : ` (${formatGrouped(-s.daysLeft)} day(s) ago)`;
  const schedule = s.eos
    ? `the schedule allows 0 open from ${s.eos}${when}, the v1 end of support`
    : 'the v1 end of support is unknown, so there is no schedule';
  const against =
    s.allowed === undefined
      ? `${formatGrouped(s.open)} open today`
      : s.open > s.allowed
        ? `${formatGrouped(s.open)} open today against ${formatGrouped(s.allowed)} allowed: behind by ${formatGrouped(s.open - s.allowed)}`
        : `${formatGrouped(s.open)} open today against ${formatGrouped(s.allowed)} allowed`;
  return {
    headline: `${familiesWord(s.unhomed)} still without a v2 home`,
    schedule,
    today: `${against}. Open means no declared home, or v1-dependent and not carried; ${s.carried === 1 ? 'the 1 family carried by the v1 fallback (v1Carried) is not open, but still needs' : `the ${formatGrouped(s.carried)} families carried by the v1 fallback (v1Carried) are not open, but still need`} a v2 home before v1 can go.`,
  };
}

/** Everything the report shows, from this run's gate results and the history. Pure. */
export function buildReport(input: ReportInput): ReportData {
  const { today, history } = input;
  const results = linkCauses(input.results);
  const home = figuresOf(results, 'normative-home');
  const burnDown = burnDownSection(today, home, history);
  const status = homeStatus(today, home, burnDown);
  return {
    today,
    // The summary line without the `=== … ===` frame the terminal output uses.
    gates: results.map((r) => ({ id: r.gate, ok: r.ok, summary: r.summaryLine.trim().replace(/^=+\s*|\s*=+$/g, '') })),
    ...(status && { status }),
    budget: budgetSection(today, figuresOf(results, 'core-budget'), history),
    families: familiesSection(home),
    burnDown,
    majors: majorsSection(figuresOf(results, 'scenario-majors')),
    findings: results.map((r) => ({
      gate: r.gate,
      // A gate that stopped on an input error has no figures; its summary line says why.
      ...(Object.keys(r.figures).length === 0 && r.exitCode === 2 ? { error: r.summaryLine.trim() } : {}),
      diagnostics: r.diagnostics,
    })),
  };
}
