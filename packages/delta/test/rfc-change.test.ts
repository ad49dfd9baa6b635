// `openwop-spec delta` on an RFC-style change to a copy of this repository's corpus: a v1-dependent
// family moved to a v2 home, a new family with a facet, and a new v2 scenario, with the derived
// files regenerated and the baseline banked. Every expected figure is computed from the change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '@openwop-spec/spec-tree/testing';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Gate, GateOptions } from '@openwop-spec/gate-api';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { gate as scenarioMajors } from '@openwop-spec/gate-scenario-majors';
import { gate as declaration } from '@openwop-spec/gate-declaration';
import { gate as schemas } from '@openwop-spec/gate-schemas';
import { formatGrouped, compareCodeUnits } from '@openwop-spec/diagnostics';
import { addFamilyWithFacet, copyCorpus, moveToV2Home } from '../../spec-tree/test/corpus-copy.js';
import { delta, renderMarkdown } from '../src/index.js';
import type { DeltaComparison } from '../src/index.js';

const GATES: Gate[] = [coreBudget, normativeHome, scenarioMajors, declaration, schemas];
const TODAY = '2026-09-22';
const options = (...flags: string[]): GateOptions => ({ today: TODAY, flags: new Set(flags) });
const SCENARIO = 'v2-clock-skew-bounded.test.ts';
const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name === '.git') continue;
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out.set(abs, readFileSync(abs, 'utf8'));
    }
  };
  walk(root);
  return out;
}

let fx: Fixture;
let comparison: DeltaComparison;
let moved: ReturnType<typeof moveToV2Home>;
let added: ReturnType<typeof addFamilyWithFacet>;
let base: { figures: Record<string, Record<string, any>>; capabilities: number };
let before: Map<string, string>;
let after: Map<string, string>;

// Steps in hooks of their own (each within vitest's hook limit on a loaded machine): a copy of the
// whole corpus in a real git repository and its figures; the RFC's change; delta's run of every
// gate on both sides of it.
beforeAll(async () => {
  fx = copyCorpus();
  const baseTree = fx.tree();
  base = {
    figures: {
      budget: (await coreBudget.check(baseTree, options())).figures,
      home: (await normativeHome.check(baseTree, options())).figures,
    },
    capabilities: words(readFileSync(join(fx.root, 'spec/v2/core/capabilities.md'), 'utf8')),
  };
  git(fx.root, 'init', '-q');
  git(fx.root, 'add', '-A');
  git(fx.root, 'commit', '-qm', 'base');
  git(fx.root, 'tag', 'base');
});
beforeAll(async () => {
  // The RFC's edits, then what its author runs: regenerate, and bank the ratchet's gain. Uncommitted.
  moved = moveToV2Home(fx.root);
  added = addFamilyWithFacet(fx.root);
  writeFileSync(
    join(fx.root, 'packages/conformance/src/scenarios', SCENARIO),
    '// A major-2 scenario added by the change.\nexport {};\n',
  );
  await scenarioMajors.write!(fx.tree(), options());
  await declaration.write!(fx.tree(), options());
  await normativeHome.commands[0]!.run(fx.tree(), options('--write-baseline'));
  before = snapshot(fx.root);
});
// delta's run in two hooks of a few gates each: a gate's part of the comparison is its own (each gate
// runs on both sides whatever else runs), so the two comparisons joined are the comparison of one run.
const parts: DeltaComparison[] = [];
for (const gates of [GATES.slice(0, 3), GATES.slice(3)])
  beforeAll(async () => {
    parts.push(await delta(fx.root, gates, { base: 'base', today: TODAY, env: process.env }));
  });
beforeAll(() => {
  after = snapshot(fx.root);
  expect(new Set(parts.map((p) => JSON.stringify(p.base))).size).toBe(1);
  comparison = {
    ...parts[0]!,
    gates: Object.assign({}, ...parts.map((p) => p.gates)) as DeltaComparison['gates'],
    exitCode: Math.max(...parts.map((p) => p.exitCode)) as DeltaComparison['exitCode'],
  };
});
afterAll(() => fx.remove());

describe('openwop-spec delta on an RFC-style change', () => {
  it('both sides ran every gate', () => {
    expect(Object.keys(comparison.gates)).toEqual(GATES.map((g) => g.id));
    for (const g of Object.values(comparison.gates))
      expect([g.status.before.exitCode, g.status.after.exitCode]).toEqual([0, 0]);
    expect(comparison.exitCode).toBe(0);
  });

  it('core budget: the two new documents and the capabilities.md edits, and the cap two homed families higher', () => {
    const read = (path: string): string => readFileSync(join(fx.root, path), 'utf8');
    const [movedWords, addedWords] = [words(read(moved.home)), words(read(added.home))];
    const capsDelta = words(read('spec/v2/core/capabilities.md')) - base.capabilities;
    const growth = movedWords + addedWords + capsDelta;
    const homed = base.figures['budget']!['homed'] as number;
    const changes = comparison.gates['core-budget']!.changes;
    expect(comparison.gates['core-budget']!.table).toEqual([
      expect.objectContaining({ name: 'total', delta: growth }),
      expect.objectContaining({ name: 'cap', delta: 400 }),
      { name: 'homed', before: homed, after: homed + 2, delta: 2 },
      expect.objectContaining({ name: 'headroom', delta: 400 - growth }),
    ]);
    const label = (path: string): string => path.slice('spec/v2/'.length);
    expect(changes.filter((c) => c.type === 'row')).toEqual(
      [
        {
          type: 'row',
          path: 'core/capabilities.md',
          change: 'changed',
          before: base.capabilities,
          after: base.capabilities + capsDelta,
          delta: capsDelta,
        },
        { type: 'row', path: label(moved.home), change: 'added', before: null, after: movedWords, delta: movedWords },
        { type: 'row', path: label(added.home), change: 'added', before: null, after: addedWords, delta: addedWords },
      ].sort((a, b) => compareCodeUnits(a.path, b.path)),
    );
  });

  it('normative home: the moved family leaves v1-dependent, the new one arrives resolved, and the baseline edits are named', () => {
    const counts = base.figures['home']!['counts'] as { resolved: number; v1Dependent: number };
    const changes = comparison.gates['normative-home']!.changes;
    const table = comparison.gates['normative-home']!.table;
    expect(table.map((r) => r.name)).toEqual([
      'core',
      'resolved',
      'v1Dependent',
      'undeclared',
      'failing',
      'facetsUncovered',
    ]);
    expect(table).toContainEqual({ name: 'resolved', before: counts.resolved, after: counts.resolved + 2, delta: 2 });
    expect(table).toContainEqual({
      name: 'v1Dependent',
      before: counts.v1Dependent,
      after: counts.v1Dependent - 1,
      delta: -1,
    });
    expect(changes.filter((c) => c.type === 'bucket')).toEqual([
      { type: 'bucket', key: moved.key, before: 'v1-dependent', after: 'resolved' },
      { type: 'bucket', key: added.key, before: null, after: 'resolved' },
    ]);
    expect(changes.filter((c) => c.type === 'baseline')).toEqual([
      {
        type: 'baseline',
        field: 'v1Dependent',
        before: counts.v1Dependent,
        after: counts.v1Dependent - 1,
        state: 'made',
      },
      { type: 'baseline', field: 'v1Carried', before: moved.key, after: null, state: 'made' },
    ]);
  });

  it('scenario majors: one more file, at major 2 only', () => {
    expect(comparison.gates['scenario-majors']!.table.map((r) => [r.name, r.delta])).toEqual([
      ['files', 1],
      ['v1', 0],
      ['v2', 1],
    ]);
    expect(comparison.gates['scenario-majors']!.changes).toEqual([
      { type: 'file', file: SCENARIO, before: null, after: [2] },
    ]);
  });

  it('declaration: exactly one pointer of the generated schema changes, the new family', () => {
    expect(comparison.gates['declaration']!.changes).toEqual([
      {
        type: 'pointer',
        pointer: `/properties/${added.key}`,
        change: 'added',
        document: 'schemas/v2/capabilities.schema.json',
      },
    ]);
  });

  it('schemas: the new facet file is one more schema', () => {
    expect(comparison.gates['schemas']!.table).toEqual([
      expect.objectContaining({ name: 'schemas', delta: 1 }),
      expect.objectContaining({ name: 'examples', delta: 0 }),
    ]);
    expect(comparison.gates['schemas']!.changes).toEqual([
      { type: 'path', kind: 'schema', path: added.facetFile, change: 'added' },
    ]);
  });

  it('renders markdown: per gate a before → after table of its figures, the changed documents, the other changes', () => {
    const md = renderMarkdown(comparison);
    const cap = base.figures['budget']!['cap'] as number;
    const homed = base.figures['budget']!['homed'] as number;
    const budget = md.slice(
      md.indexOf('**core-budget**: passes → passes'),
      md.indexOf('**normative-home**: passes → passes'),
    );
    expect(budget.slice(0, 4)).toEqual([
      '**core-budget**: passes → passes',
      '',
      '| figure | before | after | Δ |',
      '|---|--:|--:|--:|',
    ]);
    expect(budget).toContain(`| cap | ${formatGrouped(cap)} | ${formatGrouped(cap + 400)} | +400 |`);
    expect(budget).toContain(`| homed | ${homed} | ${homed + 2} | +2 |`);
    expect(budget).toContain('| document | before | after | Δ |');
    expect(budget.filter((l) => l.startsWith('| `core/'))).toHaveLength(3);
    expect(budget).toContain(
      `| \`${moved.home.slice('spec/v2/'.length)}\` | — | ${formatGrouped(words(readFileSync(join(fx.root, moved.home), 'utf8')))} | +${formatGrouped(words(readFileSync(join(fx.root, moved.home), 'utf8')))} |`,
    );
    expect(md).toContain(`- \`${moved.key}\`: v1-dependent → resolved`);
    expect(md).toContain(`- baseline edited: \`${moved.key}\` out of v1Carried`);
    // An unchanged figure is still a row (an RFC quotes it), with Δ 0.
    expect(md).toContain('| undeclared | 0 | 0 | 0 |');
  });

  it('changes no file in the working tree and leaves the git state as it was', () => {
    expect(after).toEqual(before);
    expect(git(fx.root, 'stash', 'list')).toBe('');
    expect(git(fx.root, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('main');
  });
});
