// Both directions of reciprocity, read from the documents: a marker that claims a key that is no
// family, or a family whose normativeText does not list the document; and home/unclaimed positioned
// in the document, where the author adds the claim.
import { afterEach, describe, expect, it } from 'vitest';
import { linkCauses } from '@openwop-spec/diagnostics';
import { LineIndex } from '@openwop-spec/spec-tree';
import type { FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { v1Docs } from '../../families/test/rfc0204.js';
import { gate } from '../src/index.js';
import {
  DECLARATION,
  TODAY,
  cleanup,
  fixture,
  ids,
  rfc0204Tree,
  run,
  tree0204,
  withBaseline,
  withFamily,
} from './helpers.js';

afterEach(cleanup);

const TC = 'spec/v2/core/tool-catalog.md';
const INTEROP = 'spec/v2/core/interop.md';
const REFERENCE = 'spec/v2/core/reference.md';
const text = (path: string): string => rfc0204Tree('after').files[path]!;
const at = (p?: { line: number; column: number }) => p && [p.line, p.column];
/** Each finding as rule id, file and 1-based line and column. */
const where = (r: {
  diagnostics: Array<{ ruleId: string; file?: string; start?: { line: number; column: number } }>;
}) => r.diagnostics.map((d) => [d.ruleId, d.file, ...(at(d.start) ?? [])]);

/** The line of `"normativeText"` in the key's row of a declaration text. */
const normativeTextLine = (declaration: string, key: string): number =>
  new LineIndex(declaration).point(declaration.indexOf('"normativeText"', declaration.indexOf(`"key": "${key}"`))).line;

describe('home/claim-unknown', () => {
  it('red: a misspelled key is the root cause of the unclaimed home it leaves, at the key, with the family meant', async () => {
    const r = await run(tree0204('after', { [TC]: text(TC).replace('`toolCatalog`.', '`toolCatalg`.') }));
    expect(r.exitCode).toBe(1);
    expect(where(r)).toEqual([
      ['home/unclaimed', TC, 4, 3],
      ['home/claim-unknown', TC, 4, 23],
    ]);
    const unknown = r.diagnostics[1]!;
    expect(unknown.message).toBe(
      'spec/v2/core/tool-catalog.md claims `toolCatalg`, which is no family in spec/v2/declaration.json — did you mean `toolCatalog`?',
    );
    expect(unknown.hint).toBe(
      'write `toolCatalog` in the marker if that is the family meant, or add the family `toolCatalg` to spec/v2/declaration.json (check --fix does not guess which)',
    );
    expect(unknown.fix).toBeUndefined();
    expect(linkCauses([r])[0]!.diagnostics.map((d) => [d.ruleId, d.causedBy?.ruleId])).toEqual([
      ['home/unclaimed', 'home/claim-unknown'],
      ['home/claim-unknown', undefined],
    ]);
  });

  it('not for a key the declaration misspelled: a row whose peerDependencyId still names the claimed key', async () => {
    const decl = JSON.parse(text(DECLARATION)) as { families: Array<Record<string, unknown>> };
    Object.assign(decl.families.find((f) => f['key'] === 'toolCatalog')!, {
      key: 'toolCatalg',
      peerDependencyId: 'toolCatalog',
    });
    const r = await run(tree0204('after', { [DECLARATION]: JSON.stringify(decl, null, 2) }));
    // The declaration gate's key-renamed is the root cause, and this home/unclaimed (about family:toolCatalg) its consequence.
    expect(r.diagnostics.map((d) => [d.ruleId, d.subjects])).toEqual([
      ['home/unclaimed', ['family:toolCatalg', `claim:${TC}`]],
    ]);
  });

  it('green: the key spelled as declared', async () => {
    const r = await run(tree0204('after'));
    expect([r.exitCode, ids(r)]).toEqual([0, []]);
  });

  it('red: a document that is no home claims a key that is no family', async () => {
    const files = tree0204('after', {
      [REFERENCE]: text(REFERENCE).replace('# Reference\n', '# Reference\n\n> **Normative home:** `toolCatalg`.\n'),
    });
    const r = await run(files);
    expect(where(r)).toEqual([['home/claim-unknown', REFERENCE, 3, 23]]);
    expect(r.diagnostics[0]!.message).toContain('did you mean `toolCatalog`?');
  });

  it('names no family when none is close, and reads deleted rows as no family', async () => {
    const r = await run(
      tree0204('after', { [TC]: text(TC).replace('`toolCatalog`.', '`toolCatalog`, `legacyThing`, `nothingLikeIt`.') }),
    );
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'spec/v2/core/tool-catalog.md claims `legacyThing`, which is no family in spec/v2/declaration.json',
      'spec/v2/core/tool-catalog.md claims `nothingLikeIt`, which is no family in spec/v2/declaration.json',
    ]);
    expect(r.diagnostics[1]!.hint).toMatch(/^correct the key in the marker, or remove it, /);
  });

  it('reads a form B row of an ext README, at the key inside the blockquote’s table', async () => {
    const readme =
      '# Data integration\n\n> **Status: Draft.**\n>\n> | **homes:** | `dataIntegraton` |\n> | --- | --- |\n';
    const r = await run(tree0204('after', { 'spec/v2/ext/dataIntegration/README.md': readme }));
    expect(where(r)).toEqual([['home/claim-unknown', 'spec/v2/ext/dataIntegration/README.md', 5, 18]]);
    expect(r.diagnostics[0]!.message).toContain('did you mean `dataIntegration`?');
  });
});

describe('home/claim-unreciprocated', () => {
  it('red: a document claims a family declared elsewhere; at the key, the family’s normativeText related', async () => {
    const r = await run(tree0204('after', { [INTEROP]: text(INTEROP).replace('`mcp`.', '`mcp`, `toolCatalog`.') }));
    expect(r.exitCode).toBe(1);
    expect(where(r)).toEqual([['home/claim-unreciprocated', INTEROP, 4, 30]]);
    const d = r.diagnostics[0]!;
    expect(d.message).toBe(
      "spec/v2/core/interop.md claims `toolCatalog`, but the declaration points toolCatalog's home at spec/v2/core/tool-catalog.md",
    );
    expect(d.hint).toBe(
      "list spec/v2/core/interop.md in toolCatalog's normativeText (in place of the home it names, if the family moved here), or remove `toolCatalog` from this marker (check --fix does neither: which is right is the author's call)",
    );
    expect(d.related?.map((l) => [l.file, l.start?.line])).toEqual([
      [DECLARATION, normativeTextLine(text(DECLARATION), 'toolCatalog')],
    ]);
    expect(d.fix).toBeUndefined();
  });

  it('green: the declaration lists the document too', async () => {
    const r = await run(
      tree0204('after', {
        [INTEROP]: text(INTEROP).replace('`mcp`.', '`mcp`, `toolCatalog`.'),
        [DECLARATION]: withFamily('after', 'toolCatalog', (row) => (row['normativeText'] = [TC, INTEROP])),
      }),
    );
    expect([r.exitCode, ids(r)]).toEqual([0, []]);
  });

  // A family still homed in spec/v1/ whose v2 document is written but the declaration not yet moved.
  const scheduling =
    '# Scheduling\n\n> **Status: Stable · v2.0.**\n> **Normative home:** `scheduling`.\n\n## `scheduling`\n\nA host advertising `scheduling` MUST fire each schedule once.\n';
  const SCHED = 'spec/v2/core/scheduling.md';
  const v1Home = Object.values(v1Docs('after')).find((d) => d.keys.includes('scheduling'))!.path;

  it('red: a v2 document claims a carried v1-dependent family whose declaration still points at spec/v1/', async () => {
    const r = await run(tree0204('after', { [SCHED]: scheduling }));
    expect(where(r)).toEqual([['home/claim-unreciprocated', SCHED, 4, 23]]);
    expect(r.diagnostics[0]!.message).toBe(
      `spec/v2/core/scheduling.md claims \`scheduling\`, but the declaration points scheduling's home at ${v1Home}`,
    );
  });

  it('green: the declaration moved to the document and the gain banked', async () => {
    const banked = withBaseline('after', (b) => {
      b['v1Dependent'] = 40;
      b['v1Carried'] = (b['v1Carried'] as string[]).filter((k) => k !== 'scheduling');
    });
    const r = await run({
      ...banked,
      [SCHED]: scheduling,
      [DECLARATION]: withFamily('after', 'scheduling', (row) => (row['normativeText'] = [SCHED])),
    });
    expect(ids(r)).not.toContain('home/claim-unreciprocated');
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('red and green: an ext README claims an ext family that declares no home', async () => {
    const README = 'spec/v2/ext/dataIntegration/README.md';
    const readme = '# Data integration\n\n| **homes:** | `dataIntegration` |\n| --- | --- |\n';
    const r = await run(tree0204('after', { [README]: readme }));
    expect(where(r)).toEqual([['home/claim-unreciprocated', README, 3, 16]]);
    expect(r.diagnostics[0]!.message).toBe(
      'spec/v2/ext/dataIntegration/README.md claims `dataIntegration`, but the declaration declares no home for dataIntegration',
    );
    expect(r.diagnostics[0]!.hint).toMatch(
      /^list spec\/v2\/ext\/dataIntegration\/README.md in dataIntegration's normativeText, or remove/,
    );
    const decl = JSON.parse(text(DECLARATION)) as { families: Array<Record<string, unknown>> };
    decl.families.find((f) => f['key'] === 'dataIntegration')!['normativeText'] = [README];
    const fixed = await run(tree0204('after', { [README]: readme, [DECLARATION]: JSON.stringify(decl, null, 2) }));
    expect(ids(fixed)).toEqual([]);
  });

  it('a home declared through a symlink is the document it points at', async () => {
    const files: Record<string, FixtureEntry> = tree0204('after', {
      'spec/v2/core/tc-link.md': { symlink: 'tool-catalog.md' },
      [DECLARATION]: withFamily('after', 'toolCatalog', (row) => (row['normativeText'] = ['spec/v2/core/tc-link.md'])),
    });
    expect(ids(await run(files, { disk: true }))).toEqual([]);
  });
});

describe('what the claims check reads', () => {
  it('parses no document whose text never spells a marker label (a cold run would parse every core document again)', async () => {
    const files = tree0204('after', {
      'spec/v2/core/notes.md': '# Notes\n\n> **Status: Draft.** Homes are declared elsewhere.\n',
      'spec/v2/core/draft.md': '# Draft\n\n> **Normative home:** `toolCatalog`.\n',
    });
    const tree = fixture(files).tree();
    const parsed: string[] = [];
    const markdown = tree.markdown.bind(tree);
    tree.markdown = (path) => (parsed.push(path), markdown(path));
    const r = await gate.commands[0]!.run(tree, { today: TODAY, flags: new Set() });
    expect(where(r)).toEqual([['home/claim-unreciprocated', 'spec/v2/core/draft.md', 3, 23]]);
    expect(parsed).toContain('spec/v2/core/draft.md');
    expect(
      parsed.filter((p) => ['spec/v2/core/notes.md', REFERENCE, 'spec/v2/core/capabilities.md'].includes(p)),
    ).toEqual([]);
  });
});

describe('root causes first: a claim whose family another finding already reports is not reported', () => {
  it('while the family’s declared home is broken (here missing), only that is reported', async () => {
    const decl = withFamily(
      'after',
      'toolCatalog',
      (row) => (row['normativeText'] = ['spec/v2/core/tool-catalogue.md']),
    );
    const r = await run(tree0204('after', { [DECLARATION]: decl }));
    expect(ids(r)).toEqual(['home/missing']);
  });

  it('while any declared home fails, no claim is read (the buckets are incomplete)', async () => {
    const files = tree0204('after', {
      [INTEROP]: text(INTEROP).replace('`mcp`.', '`mcp`, `toolCatalog`, `zz`.'),
      [DECLARATION]: withFamily('after', 'forms', (row) => (row['normativeText'] = ['README.md'])),
      'README.md': 'readme',
    });
    expect(ids(await run(files))).toEqual(['home/not-a-home']);
  });

  it('a family moved into spec/v1/ or left with no home: the debt finding, not the claim its old home still makes', async () => {
    const v1Forms = '# Forms\n\n> **Status: Stable · v1.1.**\n\nA host MUST render `forms` as declared.\n';
    const moved = await run(
      tree0204('after', {
        [DECLARATION]: withFamily('after', 'forms', (row) => (row['normativeText'] = ['spec/v1/forms.md'])),
        'spec/v1/forms.md': v1Forms,
      }),
    );
    expect(ids(moved)).toEqual(['home/v1carried-missing', 'home/ratchet-grew']);
    const undeclared = await run(
      tree0204('after', { [DECLARATION]: withFamily('after', 'forms', (row) => delete row['normativeText']) }),
    );
    expect(ids(undeclared)).toEqual(['home/ratchet-grew']);
  });
});

describe('home/unclaimed sits in the document, where the claim is added', () => {
  const unclaimedAt = async (doc: string) => {
    const r = await run(tree0204('after', { [TC]: doc }));
    expect(ids(r)).toEqual(['home/unclaimed']);
    const d = r.diagnostics[0]!;
    expect(d.related?.map((l) => [l.file, l.start?.line])).toEqual([
      [DECLARATION, normativeTextLine(text(DECLARATION), 'toolCatalog') + 1],
    ]);
    return [d.file, ...at(d.start)!];
  };

  it('at the leading blockquote when the document has no marker', async () => {
    expect(await unclaimedAt(text(TC).replace('> **Normative home:** `toolCatalog`.\n', ''))).toEqual([TC, 3, 1]);
  });

  it('at the leading blockquote below an opening paragraph', async () => {
    const doc = text(TC)
      .replace('> **Normative home:** `toolCatalog`.\n', '')
      .replace('# Tool catalog\n', '# Tool catalog\n\nIntro.\n');
    expect(await unclaimedAt(doc)).toEqual([TC, 5, 1]);
  });

  it('at the first line when the document has no leading blockquote', async () => {
    const doc = text(TC).replace(
      '> **Status: Stable · RFC 0204, RFC 0078, RFC 0112.**\n> **Normative home:** `toolCatalog`.\n',
      '',
    );
    expect(await unclaimedAt(doc)).toEqual([TC, 1, 1]);
  });

  it('at a form B marker inside the blockquote, at its own position', async () => {
    const doc = text(TC).replace(
      '> **Normative home:** `toolCatalog`.',
      '>\n> | **homes:** | `tools` |\n> | --- | --- |',
    );
    expect(await unclaimedAt(doc)).toEqual([TC, 5, 5]);
  });
});
