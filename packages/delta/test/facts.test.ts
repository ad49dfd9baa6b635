// delta through the fact cache: the working tree and the base share facts by content, and a gate
// that read nothing the change touched runs on the working tree only.
import { afterEach, describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Gate } from '@openwop-spec/gate-api';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { FactCache, shape } from '@openwop-spec/spec-tree';
import type { FactKind, FactStore, SpecTree } from '@openwop-spec/spec-tree';
import { createFixture, git } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { coreDoc, files, wc } from '../../report/test/fixture.js';
import { delta } from '../src/index.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

/** A committed spec (families homed in core and in v1), with node_modules ignored as in a checkout. */
function repo(): Fixture {
  fx = createFixture({ ...files({ core: ['alpha', 'beta', 'gamma'] }), '.gitignore': 'node_modules/\n' });
  git(fx.root, 'init', '-q');
  git(fx.root, 'add', '-A');
  git(fx.root, 'commit', '-qm', 'base');
  return fx;
}

/** A store that passes everything to `inner` and lists what was derived (kept), as `kind path`. */
function counting(inner: FactStore): FactStore & { derived: string[] } {
  const derived: string[] = [];
  return {
    derived,
    get: (kind, hash, path) => inner.get(kind, hash, path),
    set(kind, hash, path, value) {
      derived.push(`${kind.id} ${path}`);
      inner.set(kind, hash, path, value);
    },
  };
}

/** A gate that counts the trees it runs on and reads one file. */
function reader(file: string): Gate & { runs: SpecTree[] } {
  const runs: SpecTree[] = [];
  return {
    id: `reads ${file}`,
    summary: 'reads one file',
    rules: [],
    commands: [],
    runs,
    check: async (tree) => {
      runs.push(tree);
      const exists = tree.exists(file);
      const figures = { characters: exists ? tree.text(file).length : -1 };
      return {
        gate: `reads ${file}`,
        ok: true,
        exitCode: 0,
        summaryLine: 'ok',
        printout: [],
        figures,
        diagnostics: [],
      };
    },
  };
}

const TODAY = '2026-09-22';
const ADDED = '\nHosts MUST keep this sentence too.\n';
const GATES = [coreBudget, normativeHome];

describe('delta and the fact cache', () => {
  it('with the cache warm, derives only the edited document, on the working tree; the base is all hits', async () => {
    const f = repo();
    const dir = join(f.root, 'node_modules/.cache/openwop-spec');
    const warm = new FactCache(dir);
    await delta(f.root, GATES, { base: 'HEAD', today: TODAY, env: process.env, cache: warm });
    warm.flush(f.root);

    f.write({ 'spec/v2/core/alpha.md': coreDoc('alpha', 40) + ADDED });
    const cache = counting(new FactCache(dir));
    const comparison = await delta(f.root, GATES, { base: 'HEAD', today: TODAY, env: process.env, cache });
    expect(cache.derived.sort()).toEqual([
      'core-budget:prose-words spec/v2/core/alpha.md',
      'core-budget:words spec/v2/core/alpha.md',
      'families:home-document spec/v2/core/alpha.md',
    ]);
    const table = comparison.gates['core-budget']!.table.find((r) => r.name === 'total');
    expect(table?.delta).toBe(wc(ADDED));
  });

  it('without a cache, the two sides derive each content once between them', async () => {
    const f = repo();
    f.write({ 'spec/v2/core/alpha.md': coreDoc('alpha', 40) + ADDED });
    const derived: string[] = [];
    const counted: FactKind<number> = {
      id: 'test:length',
      code: import.meta.url,
      derive: (source) => {
        derived.push(source.path);
        return source.text.length;
      },
      toJson: (n) => n,
      fromJson: (json) => (shape.isCount(json) ? json : undefined),
    };
    const lengths: Gate = {
      ...reader('spec'),
      id: 'lengths',
      check: async (tree) => {
        const core = tree.list('spec/v2/core').map((e) => e.path);
        const figures = {
          total: (await Promise.all(core.map((p) => tree.factsOf(p, counted)))).reduce((a, b) => a + b),
        };
        return { gate: 'lengths', ok: true, exitCode: 0, summaryLine: 'ok', printout: [], figures, diagnostics: [] };
      },
    };
    const comparison = await delta(f.root, [lengths], { base: 'HEAD', today: TODAY, env: process.env });
    // alpha.md twice (its two versions), beta.md and gamma.md once: the base took them from the working tree's facts.
    expect(derived.sort()).toEqual([
      'spec/v2/core/alpha.md',
      'spec/v2/core/alpha.md',
      'spec/v2/core/beta.md',
      'spec/v2/core/gamma.md',
    ]);
    expect(comparison.gates['lengths']!.table[0]!.delta).toBe(ADDED.length);
  });

  it('runs a gate on the base only when it read a path the change touched', async () => {
    const f = repo();
    const docs = reader('docs/normative-home-baseline.json');
    const alpha = reader('spec/v2/core/alpha.md');
    f.write({ 'spec/v2/core/alpha.md': 'edited\n' });
    const comparison = await delta(f.root, [docs, alpha], { base: 'HEAD', today: TODAY, env: process.env });
    expect([docs.runs.length, alpha.runs.length]).toEqual([1, 2]);
    expect(comparison.gates[docs.id]!.status.before).toEqual(comparison.gates[docs.id]!.status.after);
    expect(comparison.gates[alpha.id]!.table).toEqual([
      { name: 'characters', before: coreDoc('alpha', 40).length, after: 7, delta: 7 - coreDoc('alpha', 40).length },
    ]);
  });

  it('a file git does not track (ignored too) is absent at the base: the gates that read it run there', async () => {
    const f = repo();
    const untracked = reader('spec/new.md');
    const ignored = reader('node_modules/x.md');
    f.write({ 'spec/new.md': 'new\n', 'node_modules/x.md': 'x\n' });
    const comparison = await delta(f.root, [untracked, ignored], { base: 'HEAD', today: TODAY, env: process.env });
    expect([untracked.runs.length, ignored.runs.length]).toEqual([2, 2]);
    expect(comparison.gates[untracked.id]!.before).toEqual({ characters: -1 });
    expect(comparison.gates[ignored.id]!.before).toEqual({ characters: -1 });
  });

  it('a staged edit, a deletion and an edited config count as changes too', async () => {
    const f = repo();
    const beta = reader('spec/v2/core/beta.md');
    const gamma = reader('spec/v2/core/gamma.md');
    const docs = reader('docs/normative-home-baseline.json');
    f.write({ 'spec/v2/core/beta.md': 'staged\n' });
    git(f.root, 'add', 'spec/v2/core/beta.md');
    git(f.root, 'rm', '-q', 'spec/v2/core/gamma.md');
    await delta(f.root, [beta, gamma, docs], { base: 'HEAD', today: TODAY, env: process.env });
    expect([beta.runs.length, gamma.runs.length, docs.runs.length]).toEqual([2, 2, 1]);
    f.write({ 'openwop-spec.config.json': '{}\n' });
    await delta(f.root, [docs], { base: 'HEAD', today: TODAY, env: process.env });
    expect(docs.runs.length).toBe(3);
  });

  it('a base that holds a symlink is read from a temporary folder, links and all', async () => {
    const f = repo();
    symlinkSync('alpha.md', join(f.root, 'spec/v2/core/link.md'));
    git(f.root, 'add', '-A');
    git(f.root, 'commit', '-qm', 'link');
    const link = reader('spec/v2/core/link.md');
    f.write({ 'spec/v2/core/alpha.md': 'edited\n' });
    const comparison = await delta(f.root, [link], { base: 'HEAD', today: TODAY, env: process.env });
    expect(comparison.gates[link.id]!.table).toEqual([
      { name: 'characters', before: coreDoc('alpha', 40).length, after: 7, delta: 7 - coreDoc('alpha', 40).length },
    ]);
  });
});
