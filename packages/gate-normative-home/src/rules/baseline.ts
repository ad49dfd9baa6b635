import type { Diagnostic } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { ruleCatalog } from '@openwop-spec/gate-api';
import type { Measured, ResultBuilder } from '../check.js';
import type { Baseline } from '../inputs.js';
import { bankedBaseline } from '../banked.js';
import { GATE_ID } from '../id.js';
import { inBaseline } from '../inputs.js';
import {
  BANKED,
  DECLARATION,
  HEARTBEAT_MOVES,
  HEARTBEAT_V1,
  TIMERS,
  TIMERS_TEXT,
  V1_BANNER,
  familyRow,
} from './examples.js';

/** Which counter a grown ratchet moved, and how to undo each. */
export type Grown = 'undeclared' | 'debt' | 'facets';
const GROWN: Record<Grown, string> = {
  undeclared: 'declare a normativeText home for each core family that has none',
  debt: 'give the family a home outside spec/v1/ (a spec/v2/core document), or undo its move into spec/v1/',
  facets:
    'name each uncovered facet as `key.facet` in a home of its family (the home/facet-uncovered warnings say which), or drop it from facets[]',
};

/** The ratchets: the measured counters equal the baseline; a gain is banked, debt never grows. */
export const rules = ruleCatalog(GATE_ID, {
  'home/ratchet-grew': {
    severity: 'error',
    summary:
      'A ratchet grew: more undeclared families, more total open debt, or more uncovered facets than the baseline.',
    fail: {
      says: 'A new core family, timers, is declared with no home: undeclared 0 -> 1.',
      edits: [{ file: DECLARATION, set: '/families/-', to: familyRow('timers') }],
    },
    pass: {
      says: 'timers is declared with its core home.',
      edits: [
        { file: TIMERS, write: TIMERS_TEXT },
        { file: DECLARATION, set: '/families/-', to: familyRow('timers', { normativeText: [TIMERS] }) },
      ],
    },
    fix: 'Undo the new debt: declare a home for a family with none, give a v1-dependent family a home outside spec/v1/, name each uncovered facet in a home of its family. A ratchet only moves down.',
    message: (d: { items: string; grew: readonly Grown[] }) => `a ratchet grew: ${d.items}`,
    hint: (d: { items: string; grew: readonly Grown[] }) =>
      `${d.grew.map((g) => GROWN[g]).join('; ')} (a ratchet only moves down)`,
  },
  'home/baseline-improved': {
    severity: 'error',
    summary:
      'The measured counters differ from the baseline without growing: the gain must be banked by lowering the baseline.',
    fail: {
      says: 'heartbeat moves to spec/v2/core/, and the baseline still counts it as v1-dependent (its stale v1Carried and v1Banners entries are reported as consequences).',
      edits: [...HEARTBEAT_MOVES],
    },
    pass: {
      says: 'The same move, banked as --write-baseline banks it.',
      edits: [...HEARTBEAT_MOVES, ...BANKED],
    },
    fix: 'Bank the gain: openwop-spec normative-home --write-baseline (or openwop-spec check --fix) lowers the baseline to the measured state.',
    message: (d: { change: string; file: string }) => `improved (${d.change}) but not banked in ${d.file}`,
    hint: () => 'bank the gain: openwop-spec normative-home --write-baseline lowers the baseline to the measured state',
  },
  'home/baseline-no-banner': {
    severity: 'warning',
    summary:
      '--write-baseline found a v1 home of a v1-dependent family with no Status banner, so no banner is recorded for it.',
    fail: {
      says: 'spec/v1/heartbeat.md, a carried v1 home, loses its Status banner before the baseline is written (a `check` reports no such thing: under --deadline, home/eos-preview names the missing banner).',
      edits: [{ file: HEARTBEAT_V1, replace: `${V1_BANNER}\n`, with: '' }],
      command: 'normative-home',
      args: ['--write-baseline'],
    },
    pass: {
      says: 'spec/v1/heartbeat.md keeps its Status banner, which the baseline records.',
      edits: [],
      command: 'normative-home',
      args: ['--write-baseline'],
    },
    fix: 'Add a `> **Status: …**` banner to the document’s leading blockquote, then run openwop-spec normative-home --write-baseline again.',
    message: (d: { path: string }) =>
      `${d.path} has no Status banner, so none is recorded in v1Banners; a change to it could not be detected after end-of-support`,
  },
});

/**
 * `check --fix` banks the baseline (as --write-baseline does) only when that loses nothing: no
 * ratchet grew and every v1-dependent family is already carried (carrying one is a decision).
 */
export function bankFix(tree: SpecTree, m: Measured, b: Baseline, today: string): Pick<Diagnostic, 'fix'> {
  const grew =
    m.undeclared.length > b.undeclared ||
    m.undeclared.length + m.v1Dependent.length > b.undeclared + b.v1Dependent ||
    m.uncovered.length > b.facetsUncovered;
  const carried = new Set(b.v1Carried);
  if (grew || m.v1Dependent.some((f) => !carried.has(f.key))) return {};
  const before = tree.text(b.file);
  const text = bankedBaseline(m, b, today).text;
  return text === before ? {} : { fix: [{ file: b.file, start: 0, end: before.length, before, text }] };
}

/** Ratchets: OK only when the measured counters equal the baseline exactly. */
export function ratchets(r: ResultBuilder, m: Measured, b: Baseline, bank: Pick<Diagnostic, 'fix'> = {}): void {
  const u = m.undeclared.length;
  const v = m.v1Dependent.length;
  const f = m.uncovered.length;
  const { undeclared: U, v1Dependent: V, facetsUncovered: F } = b;
  const grew: Array<{ text: string; pointer: string; kind: Grown }> = [];
  if (u > U)
    grew.push({
      text: `undeclared ${U} -> ${u} (a core family with no declared home is new debt)`,
      pointer: '/undeclared',
      kind: 'undeclared',
    });
  if (u + v > U + V) grew.push({ text: `total open debt ${U + V} -> ${u + v}`, pointer: '/v1Dependent', kind: 'debt' });
  if (f > F) {
    const shown = m.uncovered.slice(0, 4).join(', ') + (f > 4 ? ', …' : '');
    grew.push({
      text: `facets with no normative text ${F} -> ${f} (${shown})`,
      pointer: '/facetsUncovered',
      kind: 'facets',
    });
  }
  if (grew.length > 0) {
    const items = grew.map((g) => g.text).join('; ');
    r.line('');
    r.line(`  FAIL — a ratchet grew: ${items}.`);
    r.line('  Point normativeText outside spec/v1/; a ratchet only moves down, by lowering the baseline.');
    // Debt that grew explains the v1Carried mismatch it causes; uncovered facets alone are explained by their warnings.
    const causes = grew.every((g) => g.pointer === '/facetsUncovered')
      ? { subjects: ['ratchet:facetsUncovered'] }
      : { explains: ['baseline:v1Carried'] };
    // Undeclared families also grow the total debt; saying how to undo it once is enough.
    const kinds = grew.map((g) => g.kind).filter((k) => !(k === 'debt' && u > U));
    r.diagnostics.push(
      rules.diagnostic('home/ratchet-grew', { items, grew: kinds }, inBaseline(b, grew[0]!.pointer), causes),
    );
    return;
  }
  if (u === U && v === V && f === F) return;
  const change = `v1-dependent ${V} -> ${v}, undeclared ${U} -> ${u}${f !== F ? `, facetsUncovered ${F} -> ${f}` : ''}`;
  r.line('');
  r.line(`  Improved: ${change}.`);
  r.line(`  Lower the baseline in ${b.file} so the gain is held.`);
  const first = v !== V ? '/v1Dependent' : u !== U ? '/undeclared' : '/facetsUncovered';
  // One --write-baseline banks the gain and fixes the v1Carried and v1Banners entries it leaves stale.
  r.diagnostics.push(
    rules.diagnostic('home/baseline-improved', { change, file: b.file }, inBaseline(b, first), {
      explains: ['baseline:v1Carried', 'baseline:v1Banners'],
      ...bank,
    }),
  );
}
