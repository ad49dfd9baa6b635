import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { classifyCoreFamilies } from '../src/index.js';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { HomeResult } from '../src/index.js';
import type { Fixture, FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { RESOLVED, V1_DEPENDENT, rfc0204Tree } from './rfc0204.js';

let fx: Fixture | undefined;
afterEach(() => {
  fx?.remove();
  fx = undefined;
});

type Row = Record<string, unknown>;
const fam = (key: string, normativeText?: unknown, extra: Row = {}): Row => ({
  key,
  kind: 'family',
  anchor: 'core',
  ...(normativeText !== undefined ? { normativeText } : {}),
  ...extra,
});
const declaration = (families: unknown[], extra: Row = {}): string =>
  JSON.stringify({ families, ...extra }, null, 2) + '\n';
const home = (keys: string[], body = ''): string =>
  `# Doc\n\n> **Status: Stable.**\n> **Normative home:** ${keys.map((k) => `\`${k}\``).join(', ')}.\n\n${keys.map((k) => `## \`${k}\`\n\nA host MUST support \`${k}\`.\n\n`).join('')}${body}`;
const v1doc = (key: string): string =>
  `# V1\n\n> **Status: Stable · v1.1.** Normative.\n\nA host MUST implement \`${key}\`.\n`;

function classify(families: unknown[], files: Record<string, FixtureEntry> = {}) {
  fx?.remove();
  fx = createFixture({ 'spec/v2/declaration.json': declaration(families), ...files });
  return classifyCoreFamilies(fx.tree());
}
const only = async (families: unknown[], files: Record<string, FixtureEntry> = {}) =>
  (await classify(families, files)).families[0]!;
const findingOf = (h: HomeResult | undefined) => h?.finding;

describe('discovery', () => {
  it('evaluates live core rows in array order; ext and deleted rows are skipped', async () => {
    const c = await classify(
      [
        fam('b', ['spec/v2/core/b.md']),
        { key: 'gone', anchor: 'deleted', reason: 'x' },
        { key: 'e', kind: 'family', anchor: 'ext' },
        fam('a'),
      ],
      { 'spec/v2/core/b.md': home(['b']) },
    );
    expect(c.families.map((f) => [f.key, f.pointer, f.bucket])).toEqual([
      ['b', '/families/0', 'resolved'],
      ['a', '/families/3', 'undeclared'],
    ]);
  });

  it('a family-shaped object outside /families is a stray family (upstream counted it as a family)', async () => {
    fx = createFixture({
      'spec/v2/declaration.json': declaration([fam('a')], {
        profiles: [{ nested: { key: 'x', anchor: 'core', kind: 'family' } }],
      }),
    });
    const c = await classifyCoreFamilies(fx.tree());
    expect(c.stray.map((s) => [s.key, s.pointer, s.at.start.line])).toEqual([['x', '/profiles/0/nested', 11]]);
    expect(c.families.map((f) => f.key)).toEqual(['a']);
  });

  it('a repeated key is a duplicate family and only the first row is evaluated', async () => {
    const c = await classify([fam('a'), fam('a', ['README.md'])]);
    expect(c.duplicates.map((d) => [d.key, d.pointer, d.first])).toEqual([['a', '/families/1/key', '/families/0']]);
    expect(c.families.map((f) => [f.key, f.bucket])).toEqual([['a', 'undeclared']]);
  });

  it('normativeText absent or [] is undeclared; any other non-array-of-strings is an input error with its position', async () => {
    expect((await classify([fam('a'), fam('b', [])])).families.map((f) => f.bucket)).toEqual([
      'undeclared',
      'undeclared',
    ]);
    for (const bad of ['spec/v2/core/a.md', null, [1], {}]) {
      fx?.remove();
      fx = createFixture({ 'spec/v2/declaration.json': declaration([fam('a', bad)]) });
      const tree = fx.tree();
      const err: unknown = await classifyCoreFamilies(tree).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).location).toMatchObject({ file: 'spec/v2/declaration.json', start: { line: 7 } });
    }
  });
});

describe('home paths and classes', () => {
  it.each([
    ['/spec/v2/core/a.md', 'absolute path'],
    ['C:/spec/v2/core/a.md', 'absolute path'],
    ['spec\\v2\\core\\a.md', 'backslash'],
    ['spec/v2/core/../core/a.md', "'..' segment"],
    ['spec/v2/./core/a.md', "'.' segment"],
    ['spec//v2/core/a.md', 'empty segment'],
    ['spec/v2/core/', 'empty segment'],
    ['', 'empty segment'],
    ['spec/v2/core/a\0b.md', 'NUL byte'],
    [`spec/v2/core/${'x'.repeat(253)}.md`, 'segment over 255 bytes'],
    [`spec/v2/${'é'.repeat(128)}/a.md`, 'segment over 255 bytes'],
  ])('%j is not canonical: %s', async (path, reason) => {
    expect(findingOf((await only([fam('a', [path])])).homes[0])).toEqual({ ruleId: 'home/bad-path', reason });
  });

  it('spec/v2/core/../../README.md is refused, not counted as core (upstream classified by raw prefix)', async () => {
    const f = await only([fam('a', ['spec/v2/core/../../README.md'])], { 'README.md': home(['a']) });
    expect([f.bucket, findingOf(f.homes[0])]).toEqual(['failing', { ruleId: 'home/bad-path', reason: "'..' segment" }]);
  });

  it.each([
    ['spec/v2/core/capabilities.md', 'declaration-site', 'home/declaration-site'],
    ['RFCS/0204.md', 'rfc', 'home/rfc-home'],
    ['README.md', 'other', 'home/not-a-home'],
    ['spec/v2/overview.md', 'other', 'home/not-a-home'],
  ])('%s has class %s and is refused with %s, pointing at the file when it exists', async (path, cls, ruleId) => {
    const h = (await only([fam('a', [path])], { [path]: home(['a']) })).homes[0]!;
    expect([h.class, h.finding?.ruleId, h.related]).toEqual([
      cls,
      ruleId,
      { file: path, what: 'document', start: { line: 1, column: 1, offset: 0 } },
    ]);
    expect((await only([fam('a', [path])])).homes[0]!.related).toBeUndefined();
  });

  it.each([
    ['spec/v2/core/a.txt', 'core', '.md'],
    ['spec/v2/ext/a/README.rst', 'ext', '.md'],
    ['schemas/v2/a.yaml', 'schema', '.json'],
    ['spec/v2/facets/a.md', 'schema', '.json'],
    ['spec/v1/a.json', 'v1', '.md'],
  ])('%s (class %s) must end in %s', async (path, cls, expected) => {
    const h = (await only([fam('a', [path])], { [path]: 'x' })).homes[0]!;
    expect([h.class, h.finding]).toEqual([cls, { ruleId: 'home/wrong-extension', expected }]);
  });

  it('file checks: missing, a dangling symlink is missing, a directory is not a file', async () => {
    const c = await classify([fam('a', ['spec/v2/core/gone.md', 'spec/v2/core/dangling.md', 'spec/v2/core/dir.md'])], {
      'spec/v2/core/dangling.md': { symlink: 'nowhere.md' },
      'spec/v2/core/dir.md/inner.txt': 'x',
    });
    expect(c.families[0]!.homes.map((h) => h.finding?.ruleId)).toEqual([
      'home/missing',
      'home/missing',
      'home/not-a-file',
    ]);
  });

  it('a symlink out of the root, or into another class, is a symlink escape', async () => {
    const c = await classify([fam('a', ['spec/v2/core/out.md', 'spec/v2/core/into-v1.md', 'spec/v2/core/same.md'])], {
      'spec/v2/core/out.md': { symlink: '/etc/hostname' },
      'spec/v2/core/into-v1.md': { symlink: '../../v1/a.md' },
      'spec/v1/a.md': v1doc('a'),
      'spec/v2/core/same.md': { symlink: 'real.md' },
      'spec/v2/core/real.md': home(['a']),
    });
    expect(c.families[0]!.homes.map((h) => h.finding)).toEqual([
      { ruleId: 'home/symlink-escape' },
      { ruleId: 'home/symlink-escape', target: 'spec/v1/a.md' },
      undefined,
    ]);
    expect(c.families[0]!.homes.map((h) => h.related?.file)).toEqual([undefined, 'spec/v1/a.md', undefined]);
  });

  it('schema homes are never read (upstream read banners from JSON files)', async () => {
    fx = createFixture({
      'spec/v2/declaration.json': declaration([fam('a', ['spec/v2/core/a.md', 'schemas/v2/a.schema.json'])]),
      'spec/v2/core/a.md': home(['a']),
      'schemas/v2/a.schema.json': '{ not even json',
    });
    const tree = fx.tree();
    expect((await classifyCoreFamilies(tree)).families[0]!.bucket).toBe('resolved');
    expect(tree.stats.reads).toBe(2);
  });
});

describe('prose-home checks', () => {
  it('only a file named exactly host-sample-test-seams.md is a seams catalog (upstream used endsWith)', async () => {
    const c = await classify(
      [fam('a', ['spec/v1/host-sample-test-seams.md']), fam('b', ['spec/v1/my-host-sample-test-seams.md'])],
      {
        'spec/v1/host-sample-test-seams.md': v1doc('a'),
        'spec/v1/my-host-sample-test-seams.md': v1doc('b'),
      },
    );
    expect(c.families.map((f) => [f.bucket, f.homes[0]!.finding?.ruleId])).toEqual([
      ['failing', 'home/seams-catalog'],
      ['v1-dependent', undefined],
    ]);
  });

  it('a banner declaring the document informative or non-normative refuses it, quoting 90 code units', async () => {
    const long = `> **Status: Informative.** ${'x'.repeat(100)}`;
    const c = await classify([fam('a', ['spec/v1/a.md']), fam('b', ['spec/v1/b.md']), fam('c', ['spec/v1/c.md'])], {
      'spec/v1/a.md': `# A\n\n${long}\n\nA host MUST implement \`a\`.\n`,
      'spec/v1/b.md': '# B\n\n> **Status: Non-Normative snapshot**\n\nA host MUST implement `b`.\n',
      'spec/v1/c.md':
        '# C\n\n> **Status: Stable.** Read informatively, never as informatives.\n\nA host MUST implement `c`.\n',
    });
    const [a, b, cc] = c.families;
    expect(a!.homes[0]!.finding).toEqual({ ruleId: 'home/non-normative', banner: long.slice(0, 90) });
    expect(a!.homes[0]!.related).toMatchObject({ file: 'spec/v1/a.md', what: 'banner', start: { line: 3, column: 3 } });
    expect(b!.homes[0]!.finding?.ruleId).toBe('home/non-normative');
    expect(cc!.bucket).toBe('v1-dependent');
  });

  it('core and ext homes must claim the key; v1 homes are exempt', async () => {
    const c = await classify([fam('a', ['spec/v2/core/x.md']), fam('b', ['spec/v1/b.md'])], {
      'spec/v2/core/x.md': home(['other'], 'A host MUST support `a`.\n'),
      'spec/v1/b.md': v1doc('b'),
    });
    const [a, b] = c.families;
    expect(a!.homes[0]!.finding).toEqual({ ruleId: 'home/unclaimed' });
    expect(a!.homes[0]!.related).toMatchObject({ what: 'marker', start: { line: 4, column: 3 } });
    expect(b!.bucket).toBe('v1-dependent');
  });

  it('an unclaimed home without any marker points at the document start', async () => {
    const h = (await only([fam('a', ['spec/v2/core/x.md'])], { 'spec/v2/core/x.md': 'A host MUST support `a`.\n' }))
      .homes[0]!;
    expect(h.related).toEqual({
      file: 'spec/v2/core/x.md',
      what: 'document',
      start: { line: 1, column: 1, offset: 0 },
    });
  });

  it('the first failure ends a home’s checks; the family’s other homes are still checked', async () => {
    const f = await only([fam('a', ['spec/v2/core/x.md', 'RFCS/1.md', 'spec/v2/core/missing.md'])], {
      'spec/v2/core/x.md': '> **Status: informative**\n',
    });
    expect(f.homes.map((h) => h.finding?.ruleId)).toEqual(['home/non-normative', 'home/rfc-home', 'home/missing']);
  });

  it('near misses are collected once per core or ext document', async () => {
    const c = await classify([fam('a', ['spec/v2/core/x.md']), fam('b', ['spec/v2/core/x.md'])], {
      'spec/v2/core/x.md': home(['a', 'b'], '<!-- **Normative home:** `evil` -->\n'),
    });
    expect(c.nearMisses.map((m) => [m.file, m.kind])).toEqual([['spec/v2/core/x.md', 'in-html']]);
  });
});

describe('the family verdict', () => {
  it('step 3: schema homes only', async () => {
    const f = await only([fam('a', ['schemas/v2/a.schema.json'])], { 'schemas/v2/a.schema.json': '{}' });
    expect([f.bucket, f.finding]).toEqual(['failing', { ruleId: 'home/schema-only' }]);
  });
  it('step 4: no core or v1 home (ext plus schema)', async () => {
    const f = await only([fam('a', ['spec/v2/ext/a/README.md', 'schemas/v2/a.schema.json'])], {
      'spec/v2/ext/a/README.md': home(['a']),
      'schemas/v2/a.schema.json': '{}',
    });
    expect([f.bucket, f.finding]).toEqual(['failing', { ruleId: 'home/ext-only' }]);
  });
  it('step 5: no core or v1 unit or heading names the key; ext naming does not count', async () => {
    const f = await only([fam('a', ['spec/v1/x.md', 'spec/v2/ext/a/README.md'])], {
      'spec/v1/x.md': '> **Status: Stable.**\n\nHosts MUST do b.\n',
      'spec/v2/ext/a/README.md': home(['a']),
    });
    expect(f.finding).toEqual({ ruleId: 'home/unnamed' });
  });
  it('step 5: a core home’s own marker line names the key it claims', async () => {
    const f = await only([fam('a', ['spec/v2/core/x.md'])], {
      'spec/v2/core/x.md': '> **Normative home:** `a`.\n\nHosts MUST do b.\n',
    });
    expect(f.finding).toEqual({ ruleId: 'home/no-obligation' });
  });
  it('step 5: a heading alone names the key', async () => {
    const f = await only([fam('a', ['spec/v1/x.md'])], { 'spec/v1/x.md': '## The a service\n\nHosts MUST do b.\n' });
    expect(f.finding).toEqual({ ruleId: 'home/no-obligation' });
  });
  it('step 6: named, but the keyword sits in another unit', async () => {
    const f = await only([fam('a', ['spec/v2/core/x.md'])], {
      'spec/v2/core/x.md': '> **Normative home:** `a`.\n\n## Intro\n\nThe `a` family exists.\n\nHosts MUST do b.\n',
    });
    expect([f.bucket, f.finding]).toEqual(['failing', { ruleId: 'home/no-obligation' }]);
  });
  it('step 6: a keyword in inline code is not an obligation', async () => {
    const f = await only([fam('a', ['spec/v2/core/x.md'])], {
      'spec/v2/core/x.md': '> **Normative home:** `a`.\n\nThe `a` field is `MUST`.\n',
    });
    expect(f.finding).toEqual({ ruleId: 'home/no-obligation' });
  });
  it('step 7: v1-dependent when any home is under spec/v1/, else resolved', async () => {
    const c = await classify([fam('a', ['spec/v2/core/a.md', 'spec/v1/a.md']), fam('b', ['spec/v2/core/b.md'])], {
      'spec/v2/core/a.md': home(['a']),
      'spec/v1/a.md': v1doc('a'),
      'spec/v2/core/b.md': home(['b']),
    });
    expect(c.families.map((f) => f.bucket)).toEqual(['v1-dependent', 'resolved']);
    expect(c.counts).toEqual({ core: 2, resolved: 1, v1Dependent: 1, undeclared: 0, failing: 0 });
  });
  it('README.md alone never resolves a family (upstream existsSync let it resolve all 72)', async () => {
    expect((await only([fam('a', ['README.md'])], { 'README.md': home(['a']) })).bucket).toBe('failing');
  });
});

describe('facet coverage', () => {
  it('covers facets from core, ext and v1 homes, code included; uncovered ones are listed with pointers', async () => {
    const f = await only(
      [
        fam('mcp', ['spec/v2/core/mcp.md', 'spec/v2/ext/mcp/README.md'], {
          facets: ['client', 'revisions', 'mrtr', 'profiles'],
        }),
      ],
      {
        'spec/v2/core/mcp.md': home(['mcp'], 'Hosts advertise `mcp.client`.\n\n```json\n{"revisions": []}\n```\n'),
        'spec/v2/ext/mcp/README.md': '| **homes:** | `mcp` |\n| --- | --- |\n\nThe mrtr ceiling.\n',
      },
    );
    expect(f.bucket).toBe('resolved');
    expect(f.facets.map((x) => [x.name, x.covered, x.pointer])).toEqual([
      ['client', true, '/families/0/facets/0'],
      ['revisions', true, '/families/0/facets/1'],
      ['mrtr', true, '/families/0/facets/2'],
      ['profiles', false, '/families/0/facets/3'],
    ]);
    expect(f.uncovered).toEqual(['mcp.profiles']);
  });
  it('is not evaluated for failing families', async () => {
    const f = await only([fam('a', ['README.md'], { facets: ['x'] })]);
    expect([f.facets, f.uncovered]).toEqual([[], []]);
  });
});

describe('cited ext homes', () => {
  it('lists each ext-prefixed home once, with whether the budget may count it', async () => {
    const c = await classify(
      [
        fam('a', [
          'spec/v2/core/a.md',
          'spec/v2/ext/a/README.md',
          'spec/v2/ext/dir',
          'spec/v2/ext/gone.md',
          'spec/v2/ext/x.json',
          'spec/v2/ext/../ext/a/README.md',
        ]),
        fam('b', ['spec/v2/ext/a/README.md']),
        fam('c'),
      ],
      { 'spec/v2/core/a.md': home(['a']), 'spec/v2/ext/a/README.md': home(['a', 'b']), 'spec/v2/ext/dir/x': 'x' },
    );
    expect(c.extHomes.map((e) => [e.path, e.key, e.pointer, e.status])).toEqual([
      ['spec/v2/ext/a/README.md', 'a', '/families/0/normativeText/1', 'counted'],
      ['spec/v2/ext/dir', 'a', '/families/0/normativeText/2', 'not-markdown'],
      ['spec/v2/ext/gone.md', 'a', '/families/0/normativeText/3', 'missing'],
      ['spec/v2/ext/x.json', 'a', '/families/0/normativeText/4', 'not-markdown'],
      ['spec/v2/ext/../ext/a/README.md', 'a', '/families/0/normativeText/5', 'not-canonical'],
    ]);
  });
  it('a folder named like a markdown file is not a file', async () => {
    const c = await classify([fam('a', ['spec/v2/ext/pack.md'])], { 'spec/v2/ext/pack.md/inner': 'x' });
    expect(c.extHomes.map((e) => e.status)).toEqual(['not-a-file']);
  });
});

describe('positions, caching and cost', () => {
  it('home and family results carry declaration pointers mapped to line and column', async () => {
    const f = await only([fam('a', ['README.md'])]);
    expect([f.pointer, f.at.start.line, f.homes[0]!.pointer, f.homes[0]!.at.start]).toEqual([
      '/families/0',
      3,
      '/families/0/normativeText/0',
      expect.objectContaining({ line: 8, column: 9 }),
    ]);
    expect(f.normativeText).toMatchObject({ pointer: '/families/0/normativeText', at: { start: { line: 7 } } });
  });

  it('is computed once per tree, and each home document is parsed once however many families cite it', async () => {
    fx = createFixture({
      'spec/v2/declaration.json': declaration([
        fam('a', ['spec/v2/core/x.md']),
        fam('b', ['spec/v2/core/x.md', 'spec/v1/b.md']),
        fam('c', ['spec/v1/b.md']),
      ]),
      'spec/v2/core/x.md': home(['a', 'b']),
      'spec/v1/b.md': `${v1doc('b')}\nAlso \`c\` MUST hold.\n`,
      'spec/v2/core/unrelated.md': 'never read',
    });
    const tree = fx.tree();
    const first = await classifyCoreFamilies(tree);
    expect(await classifyCoreFamilies(tree)).toBe(first);
    expect(first.families.map((f) => f.bucket)).toEqual(['resolved', 'v1-dependent', 'v1-dependent']);
    expect(tree.stats).toMatchObject({ markdownParses: 2, jsonParses: 1 });
  });

  it('reproduces RFC 0204’s classification on the 72-family fixture', async () => {
    for (const stage of ['before', 'after'] as const) {
      fx?.remove();
      fx = createFixture(rfc0204Tree(stage).files);
      const c = await classifyCoreFamilies(fx.tree());
      const bucket = (b: string) =>
        c.families
          .filter((f) => f.bucket === b)
          .map((f) => f.key)
          .sort();
      const resolved = stage === 'after' ? [...RESOLVED] : RESOLVED.filter((k) => k !== 'toolCatalog');
      const v1 = stage === 'after' ? [...V1_DEPENDENT] : [...V1_DEPENDENT, 'toolCatalog'];
      expect(bucket('resolved')).toEqual(resolved.sort());
      expect(bucket('v1-dependent')).toEqual(v1.sort());
      expect(c.counts).toEqual({
        core: 72,
        resolved: stage === 'after' ? 31 : 30,
        v1Dependent: stage === 'after' ? 41 : 42,
        undeclared: 0,
        failing: 0,
      });
      expect(c.families.flatMap((f) => f.uncovered)).toEqual([]);
      expect([c.stray, c.duplicates, c.nearMisses, c.extHomes]).toEqual([[], [], [], []]);
    }
  });
});
