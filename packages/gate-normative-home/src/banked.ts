import { likeOriginal } from '@openwop-spec/spec-tree';
import type { Measured } from './check.js';
import type { Baseline } from './inputs.js';

/** Order in which keys missing from the file are appended. */
const APPEND_ORDER = [
  't0',
  'openAtT0',
  'v1Dependent',
  'undeclared',
  'facetsUncovered',
  'v1Banners',
  'v1Carried',
] as const;

const COUNTERS = ['v1Dependent', 'undeclared', 'facetsUncovered'] as const;
type Counters = Record<(typeof COUNTERS)[number], number>;
/** A counter change a comment quotes: `v1Dependent 42 -> 41`. */
const TRANSITION = /\b(v1Dependent|undeclared|facetsUncovered) [0-9]+ -> ([0-9]+)/g;
/** The sentence banking writes. */
const BANKED = 'Last banked: ';

/**
 * A `$comment` kept true when the counters move: every sentence that quotes a counter change now
 * superseded (`v1Dependent 42 -> 41` when the file is banked at 40), and the sentence an earlier
 * banking wrote, give way to one sentence saying what this banking changed. A comment that quotes
 * no counter says nothing banking can make false, and is kept as written; so are other sentences.
 */
export function keptTrue(
  comment: string,
  before: Counters,
  after: Counters,
  carried: { left: readonly string[]; joined: readonly string[] },
): string {
  const changed = COUNTERS.filter((k) => before[k] !== after[k]);
  if (changed.length === 0) return comment;
  const moves = [
    ...(carried.left.length ? [`${carried.left.join(', ')} left v1Carried`] : []),
    ...(carried.joined.length ? [`${carried.joined.join(', ')} joined it`] : []),
  ];
  const sentence = `${BANKED}${changed.map((k) => `${k} ${before[k]} -> ${after[k]}`).join(', ')}${moves.length ? ` (${moves.join('; ')})` : ''}.`;
  const sentences = comment.split(/(?<=\.)\s+(?=\S)/);
  const superseded = (x: string): boolean =>
    x.startsWith(BANKED) || [...x.matchAll(TRANSITION)].some((m) => Number(m[2]) !== after[m[1] as keyof Counters]);
  const at = sentences.findIndex(superseded);
  if (at < 0) return comment;
  const kept = sentences.filter((x, i) => i === at || !superseded(x));
  kept[kept.indexOf(sentences[at]!)] = sentence;
  return kept.join(' ');
}

/**
 * The baseline as `--write-baseline` writes it for the measured state: counters and v1Carried
 * measured, a banner recorded for each v1 home (an already recorded one kept), the file's key order
 * and other keys kept, missing keys appended. Also what it records and the v1 homes with no banner.
 */
export function bankedBaseline(
  m: Measured,
  baseline: Baseline | undefined,
  today: string,
): { text: string; v1Carried: string[]; banners: string[]; bannerless: string[] } {
  const recorded = baseline?.v1Banners ?? {};
  const banners = new Map<string, string>();
  const bannerless = new Set<string>();
  for (const f of m.v1Dependent) {
    for (const h of f.homes) {
      if (h.class !== 'v1') continue;
      if (h.banner)
        banners.set(h.path, (Object.hasOwn(recorded, h.path) ? recorded[h.path] : undefined) ?? h.banner.line);
      else bannerless.add(h.path);
    }
  }
  const v1Banners = Object.fromEntries([...banners.keys()].sort().map((p) => [p, banners.get(p)!]));
  const v1Carried = m.v1Dependent.map((f) => f.key);
  const computed: Record<string, unknown> = {
    v1Dependent: v1Carried.length,
    undeclared: m.undeclared.length,
    facetsUncovered: m.uncovered.length,
    v1Banners,
    v1Carried,
    ...(baseline ? {} : { t0: today, openAtT0: m.undeclared.length }),
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(baseline?.value ?? {}))
    out[key] = Object.hasOwn(computed, key) ? computed[key] : value;
  const comment = out['$comment'];
  if (baseline && typeof comment === 'string') {
    const was = new Set(baseline.v1Carried);
    const now = new Set(v1Carried);
    out['$comment'] = keptTrue(comment, baseline, computed as Counters, {
      left: baseline.v1Carried.filter((k) => !now.has(k)),
      joined: v1Carried.filter((k) => !was.has(k)),
    });
  }
  for (const key of APPEND_ORDER)
    if (!Object.hasOwn(out, key) && Object.hasOwn(computed, key)) out[key] = computed[key];
  const json = JSON.stringify(out, null, 2) + '\n';
  return {
    // The file's BOM and line endings are kept: banking changes what it says, not how it is saved.
    text: baseline ? likeOriginal(json, baseline.doc.text) : json,
    v1Carried,
    banners: Object.keys(v1Banners),
    bannerless: [...bannerless],
  };
}
