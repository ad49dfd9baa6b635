import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SpecTree, createFixture } from '@openwop-spec/spec-tree';
import type { Fixture, Gate } from '@openwop-spec/spec-tree';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { gate as scenarioMajors } from '@openwop-spec/gate-scenario-majors';
import { gate as declaration } from '@openwop-spec/gate-declaration';
import { gate as schemas } from '@openwop-spec/gate-schemas';
import { delta, renderMarkdown } from '../src/index.js';
import type { DeltaReport } from '../src/index.js';

const GATES: Gate[] = [coreBudget, normativeHome, scenarioMajors, declaration, schemas];
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const CORPUS = ['spec', 'schemas', 'docs', 'evidence', 'openwop-spec.config.json', 'pnpm-workspace.yaml'];
const CONFORMANCE = ['src', 'scenario-majors.config.json', 'scenario-majors.json', 'requirements.json'];
const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });

const json = (path: string): Record<string, any> => JSON.parse(readFileSync(path, 'utf8'));
const writeJson = (path: string, value: unknown): void => writeFileSync(path, JSON.stringify(value, null, 2) + '\n');

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

/**
 * Turns a copy of this repository's corpus back into its pre-RFC-0204 shape: no v2 tool-catalog
 * home, no `## mcp` section or marker token in host-services.md, no `client` facet, the baseline
 * before it was lowered, and the scenario files and both-majors entries the RFC added removed.
 */
function revertRfc0204(root: string): { newDocWords: number; sectionWords: number } {
  const core = join(root, 'spec/v2/core');
  const newDocWords = words(readFileSync(join(core, 'tool-catalog.md'), 'utf8'));
  rmSync(join(core, 'tool-catalog.md'));

  const hostServices = readFileSync(join(core, 'host-services.md'), 'utf8');
  const start = hostServices.indexOf('## `mcp`');
  const next = hostServices.indexOf('\n## ', start + 1);
  const section = next < 0 ? hostServices.slice(start) : hostServices.slice(start, next + 1);
  writeFileSync(join(core, 'host-services.md'), hostServices.replace(section, '').replace(', `mcp`.', '.'));

  const declPath = join(root, 'spec/v2/declaration.json');
  const decl = json(declPath);
  const fam = (key: string) => decl['families'].find((f: { key: string }) => f.key === key);
  fam('toolCatalog').normativeText = ['spec/v1/tool-catalog.md'];
  fam('mcp').normativeText = ['spec/v2/core/interop.md'];
  fam('mcp').facets = fam('mcp').facets.filter((f: string) => f !== 'client');
  decl['profiles'] = decl['profiles'].filter((p: { floorScenarios: string[] }) => !p.floorScenarios.some((s) => /tool-catalog|tool-descriptor|v2-mcp/.test(s)));
  writeJson(declPath, decl);
  const facetPath = join(root, 'spec/v2/facets/mcp.schema.json');
  const facet = json(facetPath);
  delete facet['properties'].client;
  writeJson(facetPath, facet);

  const baselinePath = join(root, 'docs/normative-home-baseline.json');
  const baseline = json(baselinePath);
  baseline['v1Dependent'] += 1;
  const order: string[] = decl['families'].map((f: { key: string }) => f.key);
  baseline['v1Carried'] = [...baseline['v1Carried'], 'toolCatalog'].sort((a: string, b: string) => order.indexOf(a) - order.indexOf(b));
  writeJson(baselinePath, baseline);

  const conformance = join(root, 'packages/conformance');
  for (const f of ['v2-mcp-client-results.test.ts', 'v2-tool-catalog-annotations.test.ts']) rmSync(join(conformance, 'src/scenarios', f));
  const configPath = join(conformance, 'scenario-majors.config.json');
  const config = json(configPath);
  config['bothMajors'] = config['bothMajors'].filter((e: { rfc: string }) => e.rfc !== '0204');
  writeJson(configPath, config);
  return { newDocWords, sectionWords: words(section) };
}

let fx: Fixture;
let report: DeltaReport;
let expected: { newDocWords: number; sectionWords: number };
let before: Map<string, string>;
let after: Map<string, string>;

beforeAll(async () => {
  fx = createFixture({});
  for (const p of CORPUS) cpSync(join(repoRoot, p), join(fx.root, p), { recursive: true });
  for (const p of CONFORMANCE) cpSync(join(repoRoot, 'packages/conformance', p), join(fx.root, 'packages/conformance', p), { recursive: true });
  const post = snapshot(fx.root);
  expected = revertRfc0204(fx.root);
  // The pre-0204 tree's derived files, as its own generators write them.
  const pre = SpecTree.load(fx.root);
  await scenarioMajors.write!(pre, { today: '2026-09-22', flags: new Set() });
  await declaration.write!(pre, { today: '2026-09-22', flags: new Set() });
  git(fx.root, 'init', '-q');
  git(fx.root, 'add', '-A');
  git(fx.root, 'commit', '-qm', 'pre-RFC 0204');
  git(fx.root, 'tag', 'pre-0204');
  // The RFC's edits, left uncommitted: delta reads the working tree as it is.
  for (const p of snapshot(fx.root).keys()) if (!post.has(p)) rmSync(p);
  for (const [p, text] of post) writeFileSync(p, text);
  before = snapshot(fx.root);
  report = await delta(fx.root, GATES, { base: 'pre-0204', today: '2026-09-22' });
  after = snapshot(fx.root);
}, 120_000);
afterAll(() => fx?.remove());

describe('openwop-spec delta on RFC 0204', () => {
  it('core budget: the new document, the section and one marker token, and the cap one homed family higher', () => {
    const growth = expected.newDocWords + expected.sectionWords + 1;
    const changes = report.gates['core-budget']!.changes;
    expect(changes.filter((c) => c.type === 'figure')).toEqual([
      expect.objectContaining({ name: 'total', delta: growth }),
      expect.objectContaining({ name: 'cap', delta: 200 }),
      expect.objectContaining({ name: 'homed', before: 30, after: 31, delta: 1 }),
      expect.objectContaining({ name: 'headroom', delta: 200 - growth }),
    ]);
    expect(changes.filter((c) => c.type === 'row')).toEqual([
      { type: 'row', path: 'core/host-services.md', change: 'changed', before: expect.any(Number), after: expect.any(Number), delta: expected.sectionWords + 1 },
      { type: 'row', path: 'core/tool-catalog.md', change: 'added', before: null, after: expected.newDocWords, delta: expected.newDocWords },
    ]);
  });

  it('normative home: toolCatalog moves from v1-dependent to resolved, and the baseline edits are named', () => {
    const changes = report.gates['normative-home']!.changes;
    expect(changes).toContainEqual({ type: 'figure', name: 'resolved', before: 30, after: 31, delta: 1 });
    expect(changes).toContainEqual({ type: 'figure', name: 'v1Dependent', before: 42, after: 41, delta: -1 });
    expect(changes.filter((c) => c.type === 'bucket')).toEqual([{ type: 'bucket', key: 'toolCatalog', before: 'v1-dependent', after: 'resolved' }]);
    expect(changes.filter((c) => c.type === 'baseline')).toEqual([
      { type: 'baseline', field: 'v1Dependent', before: 42, after: 41, state: 'made' },
      { type: 'baseline', field: 'v1Carried', before: 'toolCatalog', after: null, state: 'made' },
    ]);
  });

  it('scenario majors: +2 files, v1 +0, v2 +5, with each file named', () => {
    const changes = report.gates['scenario-majors']!.changes;
    expect(changes.filter((c) => c.type === 'figure').map((c) => c.type === 'figure' && [c.name, c.delta])).toEqual([
      ['files', 2],
      ['v1', 0],
      ['v2', 5],
    ]);
    expect(changes.filter((c) => c.type === 'file')).toEqual([
      { type: 'file', file: 'tool-catalog-compact-projection.test.ts', before: [1], after: [1, 2] },
      { type: 'file', file: 'tool-catalog-projection.test.ts', before: [1], after: [1, 2] },
      { type: 'file', file: 'tool-descriptor-shape.test.ts', before: [1], after: [1, 2] },
      { type: 'file', file: 'v2-mcp-client-results.test.ts', before: null, after: [2] },
      { type: 'file', file: 'v2-tool-catalog-annotations.test.ts', before: null, after: [2] },
    ]);
  });

  it('declaration: exactly one pointer of the generated schema changes, the client facet', () => {
    expect(report.gates['declaration']!.changes).toEqual([
      { type: 'pointer', pointer: '/properties/mcp/properties/client', change: 'added', document: 'schemas/v2/capabilities.schema.json' },
    ]);
  });

  it('schemas: nothing added or removed', () => {
    expect(report.gates['schemas']!.changes).toEqual([]);
  });

  it('both sides ran every gate', () => {
    for (const g of Object.values(report.gates)) expect(g.errors).toBeUndefined();
  });

  it('renders a markdown block quoting the figures', () => {
    const md = renderMarkdown(report).join('\n');
    expect(md).toContain('`toolCatalog: v1-dependent → resolved`');
    expect(md).toContain('`baseline edited: toolCatalog out of v1Carried`');
    expect(md).toContain('`+ core/tool-catalog.md');
    expect(md).toMatch(/`v2 \d+ → \d+ \(\+5\)`/);
    expect(md).toMatch(/`cap 29,200 → 29,400 \(\+200\)`/);
  });

  it('changes no file in the working tree and leaves the git state as it was', () => {
    expect(after).toEqual(before);
    expect(git(fx.root, 'stash', 'list')).toBe('');
    expect(git(fx.root, 'rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('main');
  });
});
