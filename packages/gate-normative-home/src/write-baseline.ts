import type { GateResult } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { GateOptions } from '@openwop-spec/gate-api';
import {
  ResultBuilder,
  classificationDiagnostics,
  figures,
  loadInputs,
  measured,
  printClassification,
} from './check.js';
import { bankedBaseline } from './banked.js';
import { baselinePath } from './inputs.js';
import { ratchets, rules } from './rules/baseline.js';

const added = <T>(now: Iterable<T>, was: ReadonlySet<T>): number => [...now].filter((x) => !was.has(x)).length;

/** What a write banks, and so does not refuse on: the baseline lagging the measured state. */
const BANKED = new Set(['home/baseline-improved']);

/**
 * `--write-baseline`: rewrites the baseline to the measured state, keeping the
 * file's key order, its `$` comments, t0/openAtT0 and every banner already recorded (re-recording
 * a changed banner is a reviewed manual edit). It runs the gate's checks first and refuses, writing
 * nothing, while they find an error: the predicate or missing block, any error in the declaration,
 * or a ratchet that grew (a baseline only moves down). When the bytes would not change, it says so.
 */
export async function writeBaseline(tree: SpecTree, options: GateOptions): Promise<GateResult> {
  const { classification: c, baseline, eos } = await loadInputs(tree, false);
  const m = measured(c);
  const r = new ResultBuilder();
  const complete = await printClassification(r, tree, c);
  for (const d of classificationDiagnostics(c)) r.diagnostics.push(d);
  if (complete && baseline) {
    const ratchet = new ResultBuilder();
    ratchets(ratchet, m, baseline);
    const refused = ratchet.diagnostics.filter((d) => !BANKED.has(d.ruleId));
    if (refused.length > 0) for (const line of ratchet.lines) r.lines.push(line);
    for (const d of refused) r.diagnostics.push(d);
  }
  const data = figures(m, eos, options.today, baseline);
  if (!complete || r.diagnostics.some((d) => d.severity === 'error')) {
    r.line('  --write-baseline refused: nothing was written; fix the errors above first.');
    return r.result(data);
  }

  const { text, v1Carried, banners, bannerless } = bankedBaseline(m, baseline, options.today);
  for (const path of bannerless)
    r.diagnostics.push(rules.diagnostic('home/baseline-no-banner', { path }, { file: path }));
  const file = baselinePath(tree);
  if (tree.write(file, text) === 'unchanged') {
    return r.result(
      data,
      `${file} unchanged: v1Dependent ${m.v1Dependent.length}, undeclared ${m.undeclared.length}, facetsUncovered ${m.uncovered.length}`,
    );
  }
  const was = (n: number | undefined): string => (n === undefined ? 'none' : String(n));
  const oldCarried = new Set(baseline?.v1Carried ?? []);
  const oldBanners = new Set(Object.keys(baseline?.v1Banners ?? {}));
  const summary =
    `wrote ${file}: v1Dependent ${was(baseline?.v1Dependent)} -> ${m.v1Dependent.length}, undeclared ${was(baseline?.undeclared)} -> ${m.undeclared.length}, ` +
    `facetsUncovered ${was(baseline?.facetsUncovered)} -> ${m.uncovered.length}; ` +
    `v1Carried +${added(v1Carried, oldCarried)} -${added(oldCarried, new Set(v1Carried))}; ` +
    `v1Banners +${added(banners, oldBanners)} -${added(oldBanners, new Set(banners))}`;
  return r.result(data, summary);
}
