import type { Diagnostic, ExampleEdit } from '@openwop-spec/diagnostics';
import { escapePointerToken } from '@openwop-spec/json';
import type { FamilyResult } from '@openwop-spec/families';
import { ruleCatalog } from '@openwop-spec/gate-api';
import type { Location } from '@openwop-spec/gate-api';
import type { Measured, ResultBuilder } from '../check.js';
import { allowedAt, daysBetween } from '../dates.js';
import type { Baseline, EosClock } from '../inputs.js';
import { GATE_ID } from '../id.js';
import { inBaseline } from '../inputs.js';
import {
  BASELINE,
  DECLARATION,
  HEARTBEAT_BANNER,
  HEARTBEAT_V1,
  TIMERS,
  TIMERS_TEXT,
  V1_BANNER,
  eosClock,
  familyRow,
} from './examples.js';

/** End-of-support dates before and after the examples' --today, 2026-09-22. */
const PASSED = '2026-09-01';
const AHEAD = '2026-12-01';
const CHANGED = V1_BANNER.replace('v1.0', 'v1.1');
const BANNER_CHANGED: ExampleEdit = { file: HEARTBEAT_V1, replace: V1_BANNER, with: CHANGED };
const BANNER_RECORDED: ExampleEdit = { file: BASELINE, set: HEARTBEAT_BANNER, to: CHANGED };
/** A burn-down scheduled from t0 to end-of-support, with two families open at t0. */
const SCHEDULE: readonly ExampleEdit[] = [
  eosClock(AHEAD),
  { file: BASELINE, set: '/t0', to: '2026-03-01' },
  { file: BASELINE, set: '/openAtT0', to: 2 },
];

/** Under --deadline: the burn-down toward v1 end-of-support, and what the RFC 0189 §D fallback covers. */
export const rules = ruleCatalog(GATE_ID, {
  'home/eos-not-covered': {
    severity: 'error',
    summary:
      'Under --deadline after v1 end-of-support: a family is undeclared or uncarried, or a carried v1 target has no, no recorded, or a changed Status banner.',
    fail: {
      says: 'v1 end-of-support has passed, and spec/v1/heartbeat.md’s Status banner changed since it was carried.',
      edits: [eosClock(PASSED), BANNER_CHANGED],
      args: ['--deadline'],
    },
    pass: {
      says: 'The changed banner is recorded in v1Banners (a reviewed edit).',
      edits: [eosClock(PASSED), BANNER_CHANGED, BANNER_RECORDED],
      args: ['--deadline'],
    },
    fix: 'Give the family a v2 home, carry it, or restore (or re-record, in review) the banner.',
    message: (d: { item: string; date: string }) =>
      `v1 end-of-support (${d.date}) has passed and the §D fallback does NOT cover: ${d.item}`,
  },
  'home/eos-preview': {
    severity: 'warning',
    summary:
      'Under --deadline before v1 end-of-support (or with it unknown): what the §D fallback would not cover at end-of-support.',
    fail: {
      says: 'v1 end-of-support is ahead, and spec/v1/heartbeat.md’s Status banner changed since it was carried.',
      edits: [eosClock(AHEAD), BANNER_CHANGED],
      args: ['--deadline'],
    },
    pass: {
      says: 'The changed banner is recorded in v1Banners (a reviewed edit).',
      edits: [eosClock(AHEAD), BANNER_CHANGED, BANNER_RECORDED],
      args: ['--deadline'],
    },
    fix: 'Record the banner in v1Banners, or give the family a v2 home.',
    message: (d: { item: string }) => `at v1 end-of-support the §D fallback would NOT cover: ${d.item}`,
  },
  'home/eos-unknown': {
    severity: 'warning',
    summary: 'Under --deadline, the v1 end-of-support date is unknown, so no burn-down is measured.',
    fail: {
      says: 'The end-of-support clock has no date yet (a missing file says the same).',
      edits: [eosClock(null)],
      args: ['--deadline'],
    },
    pass: { says: 'It records the date.', edits: [eosClock(AHEAD)], args: ['--deadline'] },
    fix: 'Record endOfSupportNotBefore in the EOS clock file once the date is decided.',
    message: (d: { file: string }) =>
      `the v1 end-of-support date is unknown (${d.file} has no endOfSupportNotBefore), so no burn-down is measured`,
  },
  'home/behind-burn-down': {
    severity: 'error',
    summary:
      'Under --deadline, more families are open (undeclared or uncarried) than the linear burn-down from t0 to end-of-support allows today.',
    fail: {
      says: 'Two core families have had no home since t0, 2026-03-01; 70 of the schedule’s 275 days are left, so ceil(2 × 70 / 275) = 1 may still be open.',
      edits: [
        ...SCHEDULE,
        { file: DECLARATION, set: '/families/-', to: familyRow('timers') },
        { file: DECLARATION, set: '/families/-', to: familyRow('alarms') },
        { file: BASELINE, set: '/undeclared', to: 2 },
      ],
      args: ['--deadline'],
    },
    pass: {
      says: 'timers has its home, and the baseline banks it: 1 open, 1 allowed.',
      edits: [
        ...SCHEDULE,
        { file: TIMERS, write: TIMERS_TEXT },
        { file: DECLARATION, set: '/families/-', to: familyRow('timers', { normativeText: [TIMERS] }) },
        { file: DECLARATION, set: '/families/-', to: familyRow('alarms') },
        { file: BASELINE, set: '/undeclared', to: 1 },
      ],
      args: ['--deadline'],
    },
    fix: 'Give open families a v2 home (or carry them) until open ≤ allowed.',
    message: (d: { open: number; allowed: number }) => `behind the burn-down: ${d.open} open, ${d.allowed} allowed`,
    hint: (d: { open: number; allowed: number }) =>
      `give ${d.open - d.allowed} more famil(ies) a v2 home, or carry them in v1Carried`,
  },
});

/** What the carried-target integrity check looked at. */
export interface Integrity {
  /** Carried families that are still v1-dependent. */
  families: number;
  /** Their v1 homes, each compared with its recorded banner, and the documents those are. */
  homes: number;
  documents: number;
  /** Entries the fallback would not (or, after EOS, does not) cover. */
  uncovered: number;
}

/** The burn-down's inputs and result: allowed = ceil(openAtT0 × daysLeft / span). */
export interface Schedule {
  open: number;
  allowed: number;
  openAtT0: number;
  t0: string;
  daysLeft: number;
  span: number;
}

/** The last line of a --deadline run: what it checked, so a passing run is not silent. */
export function deadlineChecked(
  T: string,
  E: string | undefined,
  afterEos: boolean,
  integrity: Integrity,
  schedule: Schedule | undefined,
): string {
  const when =
    E === undefined
      ? `as of ${T}; end-of-support date unknown`
      : `as of ${T}, ${afterEos ? 'on or after' : 'before'} end-of-support ${E}`;
  const what = `${integrity.families} carried famil(ies), ${integrity.homes} v1 home(s) in ${integrity.documents} document(s) against v1Banners${afterEos ? ', undeclared and uncarried families' : ''}`;
  const verdict =
    integrity.uncovered === 0
      ? afterEos
        ? 'all covered'
        : 'all would be covered'
      : `${integrity.uncovered} not covered`;
  const schedulePart = afterEos
    ? 'burn-down ended at end-of-support'
    : schedule
      ? `burn-down ${schedule.open} open ${schedule.open <= schedule.allowed ? '≤' : '>'} ${schedule.allowed} allowed`
      : 'burn-down not scheduled';
  return `  --deadline (${when}) checked: ${what} — ${verdict}; ${schedulePart}.`;
}

export interface CoverItem {
  lines: string[];
  diagnostic: (severity: 'home/eos-not-covered' | 'home/eos-preview', date: string) => Diagnostic;
}

/**
 * Carried-target integrity, under --deadline: after EOS an error block that also
 * lists undeclared and uncarried families (or the §D fallback line when it lists nothing); before
 * EOS, or with the date unknown, a warning preview of the integrity entries.
 */
export function carriedIntegrity(
  r: ResultBuilder,
  m: Measured,
  b: Baseline,
  E: string | undefined,
  afterEos: boolean,
  uncarried: readonly FamilyResult[],
): Integrity {
  const carried = new Set(b.v1Carried);
  const banners = b.v1Banners ?? {};
  const items: CoverItem[] = [];
  const item = (text: string, extra: string[], at: Location, related: Diagnostic['related'] = []): CoverItem => ({
    lines: [`    ${text}`, ...extra],
    diagnostic: (id, date) =>
      rules.diagnostic(id, { item: [text, ...extra.map((l) => l.trim())].join('; '), date }, { ...at, related }),
  });
  if (afterEos) {
    for (const f of m.undeclared)
      items.push(
        item(`${f.key} (no declared home)`, [], { file: m.classification.file, start: f.at.start, end: f.at.end }),
      );
    for (const f of uncarried)
      items.push(item(`${f.key} (v1-dependent but not in v1Carried)`, [], inBaseline(b, '/v1Carried')));
  }
  const checked = { families: 0, homes: 0 };
  const documents = new Set<string>();
  for (const f of m.v1Dependent) {
    if (!carried.has(f.key)) continue;
    checked.families++;
    for (const h of f.homes) {
      if (h.class !== 'v1') continue;
      checked.homes++;
      documents.add(h.path);
      const pointer = `/v1Banners/${escapePointerToken(h.path)}`;
      const related = [
        {
          file: h.path,
          start: h.banner?.start ?? { line: 1, column: 1 },
          message: h.banner ? 'the current Status banner' : 'the carried v1 document',
        },
      ];
      const recorded = Object.hasOwn(banners, h.path) ? banners[h.path] : undefined;
      if (!h.banner) items.push(item(`${f.key} -> ${h.path} (no Status banner)`, [], inBaseline(b, pointer), related));
      else if (recorded === undefined)
        items.push(
          item(
            `${f.key} -> ${h.path} (carried with no recorded banner — add it to v1Banners)`,
            [],
            inBaseline(b, pointer),
            related,
          ),
        );
      else if (recorded !== h.banner.line) {
        items.push(
          item(
            `${f.key} -> ${h.path} (Status banner CHANGED since it was carried)`,
            [`      was: ${recorded}`, `      now: ${h.banner.line}`],
            inBaseline(b, pointer),
            related,
          ),
        );
      }
    }
  }
  const integrity = { ...checked, documents: documents.size, uncovered: items.length };
  if (afterEos) {
    r.line('');
    if (items.length === 0) {
      r.line(`  §D fallback applies: spec/v1/ is frozen but operative for the ${checked.families} carried famil(ies).`);
      return integrity;
    }
    r.line(`  FAIL — v1 end-of-support (${E}) has passed and the §D fallback does NOT cover:`);
  } else {
    if (items.length === 0) return integrity;
    r.line('');
    r.line('  WARN — at v1 end-of-support the §D fallback would NOT cover:');
  }
  for (const i of items) {
    for (const l of i.lines) r.line(l);
    r.diagnostics.push(i.diagnostic(afterEos ? 'home/eos-not-covered' : 'home/eos-preview', E ?? 'unknown'));
  }
  return integrity;
}

/**
 * The burn-down, only under --deadline and before EOS: how many families may still be open today
 * on a straight line from openAtT0 at t0 to none at end-of-support. Printed even when nothing is
 * open, with the formula's values, so the author sees where the schedule stands.
 */
export function burnDown(r: ResultBuilder, b: Baseline, eos: EosClock, T: string, open: number): Schedule | undefined {
  const E = eos.date;
  if (E === undefined) {
    const start = eos.doc?.locate('/endOfSupportNotBefore').start;
    r.diagnostics.push(
      rules.diagnostic('home/eos-unknown', { file: eos.file }, { file: eos.file, ...(start ? { start } : {}) }),
    );
    r.line(`  burn-down: not scheduled — the v1 end-of-support date is unknown (${eos.file}).`);
    return undefined;
  }
  if (b.t0 === undefined) {
    r.line(`  burn-down: not scheduled — ${b.file} has no t0 (the date the schedule starts).`);
    return undefined;
  }
  const openAtT0 = b.openAtT0 ?? open;
  const daysLeft = daysBetween(T, E);
  const span = daysBetween(b.t0, E);
  const allowed = allowedAt(T, b.t0, openAtT0, E);
  r.line(`  burn-down: ${open} open, ${allowed} allowed at this point on the schedule (${openAtT0} at t0 ${b.t0}).`);
  r.line(
    `    allowed = ceil(openAtT0 ${openAtT0} × ${daysLeft} day(s) left / ${span} day(s) from t0 to ${E}) = ${allowed}`,
  );
  const schedule = { open, allowed, openAtT0, t0: b.t0, daysLeft, span };
  if (open <= allowed) return schedule;
  r.line('');
  r.line(`  FAIL — behind the burn-down: ${open} open, ${allowed} allowed.`);
  r.diagnostics.push(rules.diagnostic('home/behind-burn-down', { open, allowed }, inBaseline(b, '/openAtT0')));
  return schedule;
}
