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
  for (const key of APPEND_ORDER)
    if (!Object.hasOwn(out, key) && Object.hasOwn(computed, key)) out[key] = computed[key];
  return {
    text: JSON.stringify(out, null, 2) + '\n',
    v1Carried,
    banners: Object.keys(v1Banners),
    bannerless: [...bannerless],
  };
}
