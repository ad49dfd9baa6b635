import { isDeepStrictEqual } from 'node:util';
import { compareCodeUnits } from '@openwop-spec/diagnostics';
import { diffJson, isRecord, valueAt } from '@openwop-spec/json';

/** One headline figure of a gate on both sides (null where the gate did not report it). */
export interface FigureRow {
  name: string;
  before: number | null;
  after: number | null;
  delta: number | null;
}

/** One difference a change makes to a gate beyond its headline figures, ready to render. */
export type Change =
  | {
      type: 'row';
      path: string;
      change: 'added' | 'removed' | 'changed';
      before: number | null;
      after: number | null;
      delta: number;
    }
  | { type: 'bucket'; key: string; before: string | null; after: string | null }
  | { type: 'facet'; facet: string; change: 'covered' | 'uncovered' }
  | { type: 'baseline'; field: string; before: unknown; after: unknown; state: 'required' | 'made' }
  | { type: 'file'; file: string; before: number[] | null; after: number[] | null }
  | { type: 'pointer'; pointer: string; change: 'added' | 'removed' | 'changed'; document?: string }
  | { type: 'path'; kind: 'schema' | 'example'; path: string; change: 'added' | 'removed' };

type Figures = Record<string, unknown> | null;

const num = (f: Figures, ...path: string[]): number | null => {
  const v = valueAt(f, path);
  return typeof v === 'number' ? v : null;
};
const arr = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const field = (f: Figures, key: string): unknown => (f ? f[key] : undefined);

function setDiff(before: Iterable<string>, after: Iterable<string>): { added: string[]; removed: string[] } {
  const b = new Set(before);
  const a = new Set(after);
  return {
    added: [...a].filter((x) => !b.has(x)).sort(compareCodeUnits),
    removed: [...b].filter((x) => !a.has(x)).sort(compareCodeUnits),
  };
}

/** Each gate's headline figures, read from the figures its check reports, in table order. */
const HEADLINE: Record<string, ReadonlyArray<readonly [string, (f: Figures) => number | null]>> = {
  'core-budget': [
    ['total', (f) => num(f, 'total')],
    ['cap', (f) => num(f, 'cap')],
    ['homed', (f) => num(f, 'homed')],
    [
      'headroom',
      (f) => (num(f, 'cap') !== null && num(f, 'total') !== null ? num(f, 'cap')! - num(f, 'total')! : null),
    ],
  ],
  'normative-home': [
    ...(['core', 'resolved', 'v1Dependent', 'undeclared', 'failing'] as const).map(
      (n) => [n, (f: Figures) => num(f, 'counts', n)] as const,
    ),
    [
      'facetsUncovered',
      (f) => (Array.isArray(field(f, 'facetsUncovered')) ? (field(f, 'facetsUncovered') as unknown[]).length : null),
    ],
  ],
  'scenario-majors': (['files', 'v1', 'v2'] as const).map((n) => [n, (f: Figures) => num(f, 'counts', n)] as const),
  declaration: [
    ...(['core', 'ext', 'deleted', 'metadata'] as const).map((n) => [n, (f: Figures) => num(f, 'counts', n)] as const),
    ['profiles', (f) => num(f, 'rows', 'profiles')],
  ],
  schemas: [
    ['schemas', (f) => num(f, 'schemas')],
    ['examples', (f) => num(f, 'examples')],
  ],
};

/**
 * The gate's headline figures before and after, unchanged ones included (an RFC quotes them).
 * A gate without a headline list shows every top-level number its figures hold.
 */
export function figureTable(gate: string, before: Figures, after: Figures): FigureRow[] {
  const readers =
    HEADLINE[gate] ??
    [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
      .filter((k) => typeof field(before, k) === 'number' || typeof field(after, k) === 'number')
      .sort(compareCodeUnits)
      .map((k) => [k, (f: Figures) => num(f, k)] as const);
  return readers.map(([name, read]) => {
    const b = read(before);
    const a = read(after);
    return { name, before: b, after: a, delta: b !== null && a !== null ? a - b : null };
  });
}

/** Per-document word counts that changed. */
export function coreBudgetChanges(before: Figures, after: Figures): Change[] {
  const out: Change[] = [];
  // Rows are named by their label (relative to spec/v2/, as the budget table prints them).
  const rows = (f: Figures): Map<string, number> =>
    new Map(
      arr<{ path: string; label?: string; words: number }>(field(f, 'rows')).map((r) => [r.label ?? r.path, r.words]),
    );
  const b = rows(before);
  const a = rows(after);
  for (const path of [...new Set([...b.keys(), ...a.keys()])].sort(compareCodeUnits)) {
    const wb = b.get(path) ?? null;
    const wa = a.get(path) ?? null;
    if (wb === wa) continue;
    out.push({
      type: 'row',
      path,
      change: wb === null ? 'added' : wa === null ? 'removed' : 'changed',
      before: wb,
      after: wa,
      delta: (wa ?? 0) - (wb ?? 0),
    });
  }
  return out;
}

/** Families whose bucket changed, facets newly covered or uncovered, baseline edits made or required. */
export function normativeHomeChanges(before: Figures, after: Figures): Change[] {
  const out: Change[] = [];
  const buckets = (f: Figures): Map<string, string> =>
    new Map(arr<{ key: string; bucket: string }>(field(f, 'families')).map((x) => [x.key, x.bucket]));
  const b = buckets(before);
  const a = buckets(after);
  for (const key of new Set([...b.keys(), ...a.keys()])) {
    if (b.get(key) !== a.get(key))
      out.push({ type: 'bucket', key, before: b.get(key) ?? null, after: a.get(key) ?? null });
  }
  const uncovered = (f: Figures): string[] =>
    arr<string>(field(f, 'facetsUncovered')).filter((x) => typeof x === 'string');
  const facets = setDiff(uncovered(before), uncovered(after));
  for (const facet of facets.removed) out.push({ type: 'facet', facet, change: 'covered' });
  for (const facet of facets.added) out.push({ type: 'facet', facet, change: 'uncovered' });
  for (const edit of baselineEdits(before, after)) out.push(edit);
  return out;
}

const BASELINE_COUNTERS = ['v1Dependent', 'undeclared', 'facetsUncovered'] as const;

/** Baseline edits the change made (base → head baseline) and still requires (head baseline → measured). */
function baselineEdits(before: Figures, after: Figures): Change[] {
  const obj = (f: Figures, key: string): Record<string, unknown> => {
    const v = field(f, key);
    return isRecord(v) ? v : {};
  };
  const out: Change[] = [];
  const compare = (from: Record<string, unknown>, to: Record<string, unknown>, state: 'required' | 'made'): void => {
    for (const counter of BASELINE_COUNTERS) {
      const f = countOf(from[counter]);
      const t = countOf(to[counter]);
      if (f !== null && t !== null && f !== t)
        out.push({ type: 'baseline', field: counter, before: f, after: t, state });
    }
    const carried = setDiff(arr<string>(from['v1Carried']), arr<string>(to['v1Carried']));
    for (const key of carried.removed)
      out.push({ type: 'baseline', field: 'v1Carried', before: key, after: null, state });
    for (const key of carried.added)
      out.push({ type: 'baseline', field: 'v1Carried', before: null, after: key, state });
  };
  compare(obj(before, 'baseline'), obj(after, 'baseline'), 'made');
  compare(obj(after, 'baseline'), obj(after, 'measured'), 'required');
  return out;
}

const countOf = (v: unknown): number | null => (typeof v === 'number' ? v : Array.isArray(v) ? v.length : null);

/** Scenario files added, removed or re-majored. */
export function scenarioMajorsChanges(before: Figures, after: Figures): Change[] {
  const out: Change[] = [];
  const majors = (f: Figures): Map<string, number[]> => {
    const m = field(f, 'majors');
    return new Map(isRecord(m) ? Object.entries(m as Record<string, number[]>) : []);
  };
  const b = majors(before);
  const a = majors(after);
  for (const file of [...new Set([...b.keys(), ...a.keys()])].sort(compareCodeUnits)) {
    const mb = b.get(file) ?? null;
    const ma = a.get(file) ?? null;
    if (!isDeepStrictEqual(mb, ma)) out.push({ type: 'file', file, before: mb, after: ma });
  }
  return out;
}

/** Pointers whose value differs between two JSON documents (deepest differing pointer per branch). */
export function pointerChanges(before: unknown, after: unknown): Change[] {
  // Key order is ignored here, so no difference is 'reordered'.
  return diffJson(before, after).flatMap((d) =>
    d.change === 'reordered' ? [] : [{ type: 'pointer' as const, pointer: d.pointer, change: d.change }],
  );
}

/** Schema and example files added or removed. */
export function schemasChanges(before: Figures, after: Figures): Change[] {
  const out: Change[] = [];
  for (const kind of ['schema', 'example'] as const) {
    const list = (f: Figures): string[] => arr<string>(field(f, kind === 'schema' ? 'schemaFiles' : 'exampleFiles'));
    const d = setDiff(list(before), list(after));
    for (const path of d.added) out.push({ type: 'path', kind, path, change: 'added' });
    for (const path of d.removed) out.push({ type: 'path', kind, path, change: 'removed' });
  }
  return out;
}
