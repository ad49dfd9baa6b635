import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markdownParser } from '@openwop-spec/spec-tree';
import { classifyCoreFamilies, readDocument } from '../src/index.js';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { MarkdownParser } from '@openwop-spec/spec-tree';
import type { Fixture } from '@openwop-spec/spec-tree/testing';

// The banner, marker and naming rules read remark's mdast, so every construct reads the same inside a
// blockquote, a bullet or ordered list item, or two of them nested, as at the top level.

let parse: MarkdownParser;
beforeAll(async () => {
  parse = await markdownParser();
});

const read = (md: string) => readDocument('spec/v2/core/x.md', md, parse(md));
const at = (s: { start: { line: number; column: number } } | undefined) => s && [s.start.line, s.start.column];
const obligated = (md: string, key: string): boolean => {
  const f = read(md);
  return f.obligationNames.names(key) || f.obligationTitles.has(key);
};

describe('form A markers in the leading blockquote’s containers', () => {
  it.each([
    ['a bullet item', '> - **Normative home:** `a`.\n', [1, 25]],
    ['an ordered item', '> 1. **Normative home:** `a`.\n', [1, 26]],
    ['a nested blockquote', '> > **Normative home:** `a`.\n', [1, 25]],
    ['a blockquote in a bullet item, two deep', '> - > **Normative home:** `a`.\n', [1, 27]],
    ['an ordered item in a bullet item, two deep', '> - 1. **Normative home:** `a`.\n', [1, 28]],
  ])('claims from %s, positioned at its own inline code', (_where, md, position) => {
    const facts = read(md);
    expect([...facts.claims.keys()]).toEqual(['a']);
    expect(at(facts.claims.get('a'))).toEqual(position);
    expect(facts.nearMisses).toEqual([]);
  });

  it('claims nothing from a list item outside any blockquote, and warns at the marker', () => {
    for (const [md, column] of [
      ['- **Normative home:** `a`.\n', 3],
      ['1. - **Normative home:** `a`.\n', 6],
    ] as const) {
      const facts = read(md);
      expect([...facts.claims.keys()]).toEqual([]);
      expect(facts.nearMisses.map((m) => [m.kind, ...at(m)!])).toEqual([['misplaced', 1, column]]);
    }
  });
});

describe('form B header rows in containers', () => {
  it.each([
    [
      'the leading blockquote',
      '> **Status: Stable.**\n>\n> | **homes:** | `toolCatalog` |\n> | --- | --- |\n',
      [3, 5],
      [3, 18],
    ],
    ['a bullet item', '- Header:\n\n  | **homes:** | `toolCatalog` |\n  | --- | --- |\n', [3, 5], [3, 18]],
    ['an ordered item', '1. | **homes:** | `toolCatalog` |\n   | --- | --- |\n', [1, 6], [1, 19]],
    [
      'a list item in the blockquote, two deep',
      '> - | **homes:** | `toolCatalog` |\n>   | --- | --- |\n',
      [1, 7],
      [1, 20],
    ],
    [
      'a blockquote in a list item, two deep',
      '- > | **Normative home:** | `toolCatalog` |\n  > | --- | --- |\n',
      [1, 7],
      [1, 29],
    ],
  ])('a row in %s claims its key; marker and claim are positioned at their own nodes', (_where, md, marker, claim) => {
    const facts = read(md);
    expect([...facts.claims.keys()]).toEqual(['toolCatalog']);
    expect(at(facts.marker)).toEqual(marker);
    expect(at(facts.claims.get('toolCatalog'))).toEqual(claim);
    expect(facts.nearMisses).toEqual([]);
  });

  it('a row in a container after the header region claims nothing and warns at its lead', () => {
    const facts = read('# T\n\n## Body\n\n> - | **homes:** | `x` |\n>   | --- | --- |\n');
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.nearMisses.map((m) => [m.kind, ...at(m)!])).toEqual([['misplaced', 5, 7]]);
  });
});

describe('markers that never claim', () => {
  it.each([
    ['an HTML comment in the blockquote', '> <!-- **Normative home:** `evil` -->\n', [['in-html', 1, 3]]],
    ['an HTML comment in a list item in the blockquote', '> - <!-- | **homes:** | `evil` | -->\n', [['in-html', 1, 5]]],
    ['a fence in the blockquote', '> ```\n> **Normative home:** `evil`\n> ```\n', []],
    ['a fence in a list item in the blockquote', '> - ```\n>   | **homes:** | `evil` |\n>   ```\n', []],
    ['indented code in a list item', '- x\n\n      **Normative home:** `evil`\n', []],
  ])('inside %s', (_where, md, misses) => {
    const facts = read(md);
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.marker).toBeUndefined();
    expect(facts.nearMisses.map((m) => [m.kind, ...at(m)!])).toEqual(misses);
  });
});

describe('banners in containers', () => {
  it.each([
    ['a bullet item', '> - **Status: Informative.** x\n', '> - **Status: Informative.** x', [1, 5]],
    ['a nested blockquote', '# T\n\n> > **Status: Stable.**\n', '> > **Status: Stable.**', [3, 5]],
    [
      'an ordered item in a blockquote in the leading blockquote, two deep',
      '> > 1. **Status: Draft.**\n',
      '> > 1. **Status: Draft.**',
      [1, 8],
    ],
  ])('the first Status strong in %s is the banner; its line is the whole source line', (_where, md, line, position) => {
    const facts = read(md);
    expect(facts.banner?.line).toBe(line);
    expect(at(facts.banner)).toEqual(position);
  });
});

describe('units and obligations in containers', () => {
  it('a paragraph in a blockquote is a unit, at any depth', () => {
    expect(obligated('> The `a` family MUST hold.\n', 'a')).toBe(true);
    expect(obligated('> > The `a` family MUST hold.\n', 'a')).toBe(true);
    expect(obligated('> The `a` family.\n>\n> Hosts MUST do b.\n', 'a')).toBe(false);
  });
  it('a list item is one unit with its blockquotes and paragraphs, bullet or ordered', () => {
    expect(obligated('- The `a` family:\n\n  > Hosts MUST do it.\n', 'a')).toBe(true);
    expect(obligated('1. The `a` family\n\n   MUST hold.\n', 'a')).toBe(true);
    expect(obligated('> 1. The `a` family MUST hold.\n', 'a')).toBe(true);
  });
  it('a nested list item is its own unit, two deep inside a blockquote too', () => {
    expect(obligated('> - The `a` family:\n>   1. Hosts MUST do b.\n', 'a')).toBe(false);
    expect(obligated('> - Intro\n>   1. The `a` family MUST hold.\n', 'a')).toBe(true);
  });
  it('a table row in a list item or blockquote is a unit', () => {
    expect(obligated('- x\n\n  | `a` | MUST |\n  | --- | --- |\n', 'a')).toBe(true);
    expect(obligated('> | `a` | x |\n> | --- | --- |\n> | b | MUST |\n', 'a')).toBe(false);
  });
  it('a keyword unit in a container inherits the section chain it sits in', () => {
    expect(obligated('## `cache`\n\n> - Hosts MUST evict.\n', 'cache')).toBe(true);
  });
});

describe('the shared classification', () => {
  let fx: Fixture | undefined;
  afterEach(() => fx?.remove());
  const declaration = JSON.stringify({
    families: [{ key: 'toolCatalog', kind: 'family', anchor: 'core', normativeText: ['spec/v2/core/tool-catalog.md'] }],
  });
  const body = '\n## `toolCatalog`\n\nA host MUST serve `toolCatalog`.\n';

  it('a form B header table inside the leading blockquote claims its family', async () => {
    fx = createFixture({
      'spec/v2/declaration.json': declaration,
      'spec/v2/core/tool-catalog.md': `# Tool catalog\n\n> **Status: Stable.**\n>\n> | **homes:** | \`toolCatalog\` |\n> | --- | --- |\n${body}`,
    });
    const family = (await classifyCoreFamilies(fx.tree())).families[0]!;
    expect([family.bucket, family.homes[0]!.finding]).toEqual(['resolved', undefined]);
  });

  it('an unclaimed home points at the form B marker inside the blockquote', async () => {
    fx = createFixture({
      'spec/v2/declaration.json': declaration,
      'spec/v2/core/tool-catalog.md': `# Tool catalog\n\n> **Status: Stable.**\n>\n> | **homes:** | \`tools\` |\n> | --- | --- |\n${body}`,
    });
    const home = (await classifyCoreFamilies(fx.tree())).families[0]!.homes[0]!;
    expect(home.finding).toEqual({ ruleId: 'home/unclaimed' });
    expect(home.related).toMatchObject({
      file: 'spec/v2/core/tool-catalog.md',
      what: 'marker',
      start: { line: 5, column: 5 },
      end: { line: 5, column: 15 },
    });
  });
});
