import { afterEach, describe, expect, it } from 'vitest';
import { LineIndex } from '@openwop-spec/spec-tree';
import type { FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { DECLARATION, cleanup, found, ids, lines, render, rfc0204Tree, run, tree0204, withFamily } from './helpers.js';

afterEach(cleanup);

const TC = 'spec/v2/core/tool-catalog.md';
const tcText = (): string => rfc0204Tree('after').files[TC]!;
const v1 = (body: string): string => `# V1\n\n> **Status: Stable · v1.1.** Normative.\n\n${body}\n`;

/** The RFC 0204 tree with toolCatalog's normativeText replaced and files added. */
const toolCatalogAt = (homes: unknown, files: Record<string, FixtureEntry | null> = {}): Record<string, FixtureEntry> =>
  tree0204('after', {
    [DECLARATION]: withFamily('after', 'toolCatalog', (row) => (row['normativeText'] = homes)),
    ...files,
  });

/** Line of toolCatalog's `"normativeText": [` in the generated declaration; its first element is on the next. */
const tcListLine = (): number => {
  const text = rfc0204Tree('after').files[DECLARATION]!;
  const at = text.indexOf('"normativeText"', text.indexOf('"key": "toolCatalog"'));
  return new LineIndex(text).point(at).line;
};

interface Case {
  name: string;
  files: Record<string, FixtureEntry>;
  ruleId: string;
  entry: string;
  related?: string;
  disk?: boolean;
}

const cases: Case[] = [
  {
    name: 'bad-path',
    files: toolCatalogAt(['spec/v2/core/./tool-catalog.md']),
    ruleId: 'home/bad-path',
    entry: "toolCatalog -> spec/v2/core/./tool-catalog.md (not a canonical repository-relative path: '.' segment)",
  },
  {
    name: 'wrong-extension',
    files: toolCatalogAt(['spec/v2/core/tool-catalog.txt'], { 'spec/v2/core/tool-catalog.txt': 'x' }),
    ruleId: 'home/wrong-extension',
    entry:
      'toolCatalog -> spec/v2/core/tool-catalog.txt (a prose home must be a .md file and a schema co-pointer a .json file)',
  },
  {
    name: 'declaration-site',
    files: toolCatalogAt(['spec/v2/core/capabilities.md']),
    ruleId: 'home/declaration-site',
    entry:
      'toolCatalog -> spec/v2/core/capabilities.md (the declaration site: capabilities.md § toolCatalog is a stub, not behaviour)',
  },
  {
    name: 'rfc-home',
    files: toolCatalogAt(['RFCS/0204.md'], { 'RFCS/0204.md': tcText() }),
    ruleId: 'home/rfc-home',
    entry: 'toolCatalog -> RFCS/0204.md (an RFC is history, not operative text; owningRfc already records it)',
    related: 'RFCS/0204.md',
  },
  {
    name: 'not-a-home',
    files: toolCatalogAt(['README.md'], { 'README.md': tcText() }),
    ruleId: 'home/not-a-home',
    entry:
      'toolCatalog -> README.md (not a normative home: only spec/v2/core, spec/v2/ext, a v2 schema as a co-pointer, or spec/v1 as a declared dependency)',
    related: 'README.md',
  },
  {
    name: 'symlink-escape',
    files: toolCatalogAt(['spec/v2/core/tc-link.md'], { 'spec/v2/core/tc-link.md': { symlink: '../../v1/doc-01.md' } }),
    disk: true,
    ruleId: 'home/symlink-escape',
    entry:
      'toolCatalog -> spec/v2/core/tc-link.md (resolves to spec/v1/doc-01.md, outside the repository or in another home class)',
    related: 'spec/v1/doc-01.md',
  },
  {
    name: 'not-a-file',
    files: toolCatalogAt(['spec/v2/core/tc.md'], { 'spec/v2/core/tc.md/x': 'x' }),
    ruleId: 'home/not-a-file',
    entry: 'toolCatalog -> spec/v2/core/tc.md (not a regular file)',
    related: 'spec/v2/core/tc.md',
  },
  {
    name: 'seams-catalog',
    files: toolCatalogAt(['spec/v1/host-sample-test-seams.md'], {
      'spec/v1/host-sample-test-seams.md': v1('A host MUST serve `toolCatalog`.'),
    }),
    ruleId: 'home/seams-catalog',
    entry:
      'toolCatalog -> spec/v1/host-sample-test-seams.md (a conformance-seam catalog is an observation surface, not a behaviour home)',
    related: 'spec/v1/host-sample-test-seams.md',
  },
  {
    name: 'non-normative',
    files: tree0204('after', {
      [TC]: tcText().replace(
        '> **Status: Stable · RFC 0204, RFC 0078, RFC 0112.**',
        '> **Status: Informative** summary.',
      ),
    }),
    ruleId: 'home/non-normative',
    entry:
      'toolCatalog -> spec/v2/core/tool-catalog.md (the document declares itself non-normative: > **Status: Informative** summary.)',
    related: TC,
  },
  {
    name: 'schema-only',
    files: toolCatalogAt(['schemas/v2/tool-descriptor.schema.json'], {
      'schemas/v2/tool-descriptor.schema.json': '{}',
    }),
    ruleId: 'home/schema-only',
    entry: 'toolCatalog -> schema-only (a schema MAY co-point; it MUST NOT be the sole home)',
  },
  {
    name: 'ext-only',
    files: toolCatalogAt(['spec/v2/ext/toolCatalog/README.md'], { 'spec/v2/ext/toolCatalog/README.md': tcText() }),
    ruleId: 'home/ext-only',
    entry: 'toolCatalog -> ext-only (spec/v2/ext/ MAY co-point; it MUST NOT be the sole home)',
    related: 'spec/v2/ext/toolCatalog/README.md',
  },
  {
    name: 'unnamed',
    files: toolCatalogAt(['spec/v1/tools.md'], { 'spec/v1/tools.md': v1('A host MUST serve GET /tools.') }),
    ruleId: 'home/unnamed',
    entry: 'toolCatalog (no core/ or v1 home names it — an ext co-pointer cannot carry the obligation)',
    related: 'spec/v1/tools.md',
  },
];

describe('every failure class of the predicate block is red on a fixture and green when fixed', () => {
  it.each(cases)('$name', async (c) => {
    const r = await run(c.files, { disk: c.disk });
    expect(r.exitCode).toBe(1);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => ({ ruleId: d.ruleId, file: d.file }))).toEqual([{ ruleId: c.ruleId, file: DECLARATION }]);
    const family = ['home/schema-only', 'home/ext-only', 'home/unnamed'].includes(c.ruleId);
    expect(errors[0]!.start?.line).toBe(family ? tcListLine() : tcListLine() + 1);
    if (c.related) expect(errors[0]!.related?.[0]?.file).toBe(c.related);
    expect(lines(r)).toEqual([
      '=== check-v2-normative-home — does every core family survive v1 EOS? ===',
      '  72 core families: 30 resolved, 41 v1-dependent, 0 undeclared, 1 failing.',
      '',
      "  FAIL — 1 normativeText declaration(s) do not carry their family's behaviour:",
      `    ${c.entry}`,
      '  A declared home must name the family and carry an RFC 2119 obligation about it in the same unit.',
    ]);
    expect(render(r).stderr.at(-1)).toBe('=== check-v2-normative-home FAILED — 1 error(s) ===');
  });

  it('no-obligation: the same block entry, but the diagnostic sits in the document, at the first unit past its header that names the family (where the obligation goes)', async () => {
    const text = tcText().replace(/MUST|MAY/g, 'will');
    const r = await run(tree0204('after', { [TC]: text }));
    expect(r.exitCode).toBe(1);
    const errors = r.diagnostics.filter((d) => d.severity === 'error');
    // The marker in the header names it too; past the header, the first unit naming it is this paragraph.
    const unit = text.split('\n').findIndex((l) => l.startsWith('A host advertising toolCatalog will serve')) + 1;
    expect(unit).toBeGreaterThan(4);
    expect(errors.map((d) => [d.ruleId, d.file, d.start])).toEqual([
      ['home/no-obligation', TC, { line: unit, column: 1 }],
    ]);
    expect(errors[0]!.related).toEqual([
      {
        file: DECLARATION,
        start: expect.objectContaining({ line: tcListLine() }),
        message: "toolCatalog's normativeText",
      },
    ]);
    expect(lines(r)).toContain(
      '    toolCatalog (named, but no MUST/SHOULD/MAY in a paragraph, list item or table row that names it, nor under a section titled for it)',
    );
    // Green once the obligation is back.
    expect((await run(tree0204('after'))).exitCode).toBe(0);
  });

  it('no-obligation under a heading titled for the family sits at that heading', async () => {
    const doc =
      '# Tools\n\n> **Status: Stable.**\n> **Normative home:** `toolCatalog`.\n\n## `toolCatalog`\n\nHosts list tools.\n';
    const r = await run(tree0204('after', { [TC]: doc }));
    expect(found(r).filter((d) => d.ruleId === 'home/no-obligation')).toEqual([
      { ruleId: 'home/no-obligation', file: TC, line: 6 },
    ]);
  });

  it('unclaimed: the same block entry, but the diagnostic sits in the document, where the claim is added', async () => {
    const r = await run(
      tree0204('after', {
        [TC]: tcText().replace('> **Normative home:** `toolCatalog`.', '> **Normative home:** `tools`.'),
      }),
    );
    expect(r.exitCode).toBe(1);
    expect(lines(r)).toEqual([
      '=== check-v2-normative-home — does every core family survive v1 EOS? ===',
      '  72 core families: 30 resolved, 41 v1-dependent, 0 undeclared, 1 failing.',
      '',
      "  FAIL — 1 normativeText declaration(s) do not carry their family's behaviour:",
      '    toolCatalog -> spec/v2/core/tool-catalog.md (the document does not claim it — add "> **Normative home:** `toolCatalog`." to its leading blockquote)',
      '  A declared home must name the family and carry an RFC 2119 obligation about it in the same unit.',
    ]);
    expect(render(r).stderr.at(-1)).toBe('=== check-v2-normative-home FAILED — 1 error(s) ===');
    // At the marker (line 4, after `> `), with toolCatalog's normativeText entry as the related location.
    const at = (p?: { line: number; column: number }) => p && [p.line, p.column];
    expect(r.diagnostics.map((d) => [d.ruleId, d.file, at(d.start)])).toEqual([['home/unclaimed', TC, [4, 3]]]);
    expect(r.diagnostics[0]!.related?.map((l) => [l.file, l.start?.line, l.message])).toEqual([
      [DECLARATION, tcListLine() + 1, "toolCatalog's normativeText entry"],
    ]);
  });

  it('missing: the missing block, then stop', async () => {
    const r = await run(toolCatalogAt(['spec/v2/core/gone.md']));
    expect(found(r)).toEqual([{ ruleId: 'home/missing', file: DECLARATION, line: tcListLine() + 1 }]);
    expect(lines(r).slice(2)).toEqual([
      '',
      '  FAIL — 1 normativeText path(s) do not exist:',
      '    toolCatalog -> spec/v2/core/gone.md',
      '  A pointer to a missing file is worse than no pointer: it reads as resolved.',
    ]);
  });

  it('missing: did you mean the existing document that claims the family, else the nearest existing path', async () => {
    const typo = await run(toolCatalogAt(['spec/v2/core/tool-catalg.md']));
    expect(typo.diagnostics.find((d) => d.ruleId === 'home/missing')!.message).toBe(
      'toolCatalog: spec/v2/core/tool-catalg.md does not exist (a pointer to a missing file reads as resolved) — did you mean spec/v2/core/tool-catalog.md, which claims toolCatalog?',
    );
    expect(typo.diagnostics.find((d) => d.ruleId === 'home/missing')!.hint).toBe(
      'correct the path in normativeText to spec/v2/core/tool-catalog.md, or create spec/v2/core/tool-catalg.md',
    );
    // The claimant wins over a nearer path: tool-catalog.md is still the one that claims toolCatalog.
    const elsewhere = await run(toolCatalogAt(['spec/v2/core/tools.md']));
    expect(elsewhere.diagnostics.find((d) => d.ruleId === 'home/missing')!.message).toContain(
      'did you mean spec/v2/core/tool-catalog.md, which claims toolCatalog?',
    );
    // No document claims it: the nearest existing path, said as no more than that.
    const unclaimed = tcText().replace('> **Normative home:** `toolCatalog`.', '');
    const near = await run(toolCatalogAt(['spec/v2/core/tool-catalg.md'], { [TC]: unclaimed }));
    expect(near.diagnostics.find((d) => d.ruleId === 'home/missing')!.message).toContain(
      '— did you mean spec/v2/core/tool-catalog.md?',
    );
    // Whatever the path, the document that claims the family is the one meant; with none and nothing near, no guess.
    expect((await run(toolCatalogAt(['spec/v2/core/gone.md']))).diagnostics[0]!.message).toContain(
      'did you mean spec/v2/core/tool-catalog.md, which claims toolCatalog?',
    );
    const none = await run(toolCatalogAt(['spec/v2/core/gone.md'], { [TC]: unclaimed }));
    expect(none.diagnostics.find((d) => d.ruleId === 'home/missing')!.message).not.toContain('did you mean');
  });

  it('fixed: the unmodified tree is green', async () => {
    expect((await run(tree0204('after'))).exitCode).toBe(0);
  });

  it('a form B header table inside the leading blockquote claims the family, as the same table outside it does', async () => {
    const table = '>\n> | **homes:** | `toolCatalog` |\n> | --- | --- |';
    const r = await run(tree0204('after', { [TC]: tcText().replace('> **Normative home:** `toolCatalog`.', table) }));
    expect([r.exitCode, r.diagnostics]).toEqual([0, []]);
    const unclaimed = await run(
      tree0204('after', {
        [TC]: tcText().replace('> **Normative home:** `toolCatalog`.', table.replace('`toolCatalog`', '`tools`')),
      }),
    );
    expect(ids(unclaimed)).toEqual(['home/unclaimed']);
  });

  it('stray and duplicate families are errors at their pointers; removing them is green', async () => {
    const decl = JSON.parse(rfc0204Tree('after').files[DECLARATION]!) as Record<string, any>;
    decl['profiles'] = [{ key: 'ghost', anchor: 'core', kind: 'family' }];
    decl['families'].push({ key: 'mcp', kind: 'family', anchor: 'core', normativeText: ['README.md'] });
    const r = await run(tree0204('after', { [DECLARATION]: JSON.stringify(decl, null, 2) }));
    expect(ids(r)).toEqual(['home/stray-family', 'home/duplicate-family']);
    expect(r.diagnostics.every((d) => d.file === DECLARATION && d.start!.line > 1)).toBe(true);
    expect(r.summaryLine).toBe('=== check-v2-normative-home FAILED — 2 error(s) ===');
    expect(lines(r)[1]).toBe('  72 core families: 31 resolved, 41 v1-dependent, 0 undeclared.');
  });
});

describe('block layout', () => {
  it('groups entries (refusals, unnamed, no-obligation, unclaimed), prints both blocks, then stops before the EOS line', async () => {
    const decl = JSON.parse(
      withFamily(
        'after',
        'mcp',
        (row) => (row['normativeText'] = ['spec/v2/core/interop.md', 'README.md', 'spec/v2/core/nope.md']),
      ),
    ) as Record<string, any>;
    const forms = decl['families'].find((f: any) => f.key === 'forms');
    forms.normativeText = ['spec/v1/forms.md'];
    const r = await run(
      tree0204('after', {
        [DECLARATION]: JSON.stringify(decl, null, 2),
        'README.md': 'readme',
        'spec/v1/forms.md': v1('A host MUST render them.'),
        [TC]: tcText().replace('`toolCatalog`.', '`tools`.'),
      }),
    );
    expect(lines(r)).toEqual([
      '=== check-v2-normative-home — does every core family survive v1 EOS? ===',
      '  72 core families: 28 resolved, 41 v1-dependent, 0 undeclared, 3 failing.',
      '',
      "  FAIL — 3 normativeText declaration(s) do not carry their family's behaviour:",
      '    mcp -> README.md (not a normative home: only spec/v2/core, spec/v2/ext, a v2 schema as a co-pointer, or spec/v1 as a declared dependency)',
      '    forms (no core/ or v1 home names it — an ext co-pointer cannot carry the obligation)',
      '    toolCatalog -> spec/v2/core/tool-catalog.md (the document does not claim it — add "> **Normative home:** `toolCatalog`." to its leading blockquote)',
      '  A declared home must name the family and carry an RFC 2119 obligation about it in the same unit.',
      '',
      '  FAIL — 1 normativeText path(s) do not exist:',
      '    mcp -> spec/v2/core/nope.md',
      '  A pointer to a missing file is worse than no pointer: it reads as resolved.',
    ]);
    expect(r.summaryLine).toBe('=== check-v2-normative-home FAILED — 4 error(s) ===');
  });

  it('the counts line adds ", {x} failing" only when a family fails (upstream left them out, so counts did not add up)', async () => {
    const ok = await run(tree0204('after'));
    expect(lines(ok)[1]).toBe('  72 core families: 31 resolved, 41 v1-dependent, 0 undeclared.');
    const bad = await run(toolCatalogAt(['README.md'], { 'README.md': 'x' }));
    expect(lines(bad)[1]).toBe('  72 core families: 30 resolved, 41 v1-dependent, 0 undeclared, 1 failing.');
  });

  it('a near miss and an uncovered facet are positioned warnings; the facet also grows the ratchet', async () => {
    const r = await run(
      tree0204('after', {
        [TC]: tcText().replace('## The catalog', '<!-- **Normative home:** `evil` -->\n\n## The catalog'),
        [DECLARATION]: withFamily(
          'after',
          'toolCatalog',
          (row) => (row['facets'] = ['sources', 'sessionLifecycle', 'compactView', 'annotations']),
        ),
      }),
    );
    expect(r.diagnostics.map((d) => [d.ruleId, d.severity, d.file])).toEqual([
      ['home/marker-near-miss', 'warning', TC],
      ['home/facet-uncovered', 'warning', DECLARATION],
      ['home/ratchet-grew', 'error', 'docs/normative-home-baseline.json'],
    ]);
    expect(r.diagnostics[0]!.start).toMatchObject({ line: 6, column: 1 });
    expect(lines(r).slice(-3)).toEqual([
      '',
      '  FAIL — a ratchet grew: facets with no normative text 0 -> 1 (toolCatalog.annotations).',
      '  Point normativeText outside spec/v1/; a ratchet only moves down, by lowering the baseline.',
    ]);
  });

  it('more than four uncovered facets are listed as the first four and an ellipsis', async () => {
    const r2 = await run(
      tree0204('after', {
        [DECLARATION]: withFamily(
          'after',
          'toolCatalog',
          (row) => (row['facets'] = ['sources', 'f1', 'f2', 'f3', 'f4', 'f5']),
        ),
      }),
    );
    expect(lines(r2)).toContain(
      '  FAIL — a ratchet grew: facets with no normative text 0 -> 5 (toolCatalog.f1, toolCatalog.f2, toolCatalog.f3, toolCatalog.f4, …).',
    );
  });
});
