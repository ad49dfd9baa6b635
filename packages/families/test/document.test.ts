import { beforeAll, describe, expect, it } from 'vitest';
import { markdownParser } from '@openwop-spec/spec-tree';
import { readDocument } from '../src/index.js';
import type { MarkdownParser } from '@openwop-spec/spec-tree';

let parse: MarkdownParser;
beforeAll(async () => {
  parse = await markdownParser();
});

const read = (md: string) => readDocument('spec/v2/core/x.md', md, parse(md));
const claims = (md: string): string[] => [...read(md).claims.keys()];

describe('the reciprocal marker table', () => {
  it('form A under a Status banner claims its key', () => {
    expect(
      claims('> **Status: Stable · RFC 0204, RFC 0078, RFC 0112.**\n> **Normative home:** `toolCatalog`.\n\n## Body\n'),
    ).toEqual(['toolCatalog']);
  });
  it('form A claims every inline-code sibling on its line', () => {
    expect(claims('> **Normative home:** `aiEnvelope`, `promptLibrary`, `agentRuntime`, `mcp`.\n')).toEqual([
      'aiEnvelope',
      'promptLibrary',
      'agentRuntime',
      'mcp',
    ]);
  });
  it('form A stops at the end of its source line', () => {
    expect(claims('> **Normative home:** `a`.\n> Also see `b`.\n')).toEqual(['a']);
    expect(claims('> **Normative home:** `a`  \n> `b`\n')).toEqual(['a']);
  });
  it('form B with the key in its own cell claims it (upstream claimed nothing)', () => {
    expect(claims('# packs\n\n| field | value |\n| --- | --- |\n| **homes:** | `packs` |\n')).toEqual(['packs']);
  });
  it('form B with the key in the first cell claims it', () => {
    expect(claims('| **homes:** `packs` | |\n| --- | --- |\n')).toEqual(['packs']);
  });
  it('form B also accepts **Normative home:** as the lead', () => {
    expect(claims('| **Normative home:** | `a`, `b` |\n| --- | --- |\n')).toEqual(['a', 'b']);
  });
  it('`**Normative home**:` claims nothing and warns', () => {
    const facts = read('> **Normative home**: `x`.\n');
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.nearMisses.map((m) => [m.kind, m.start.line, m.start.column])).toEqual([['colon-outside', 1, 3]]);
  });
  it('a marker in an HTML comment claims nothing and warns (upstream claimed `evil`)', () => {
    const facts = read('<!-- **Normative home:** `evil` -->\n\n# T\n');
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.nearMisses.map((m) => [m.kind, m.start.line, m.start.column])).toEqual([['in-html', 1, 1]]);
  });
  it('a marker after the first ## heading claims nothing and warns', () => {
    const facts = read('# T\n\n## Body\n\n> **Normative home:** `x`.\n');
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.nearMisses.map((m) => [m.kind, m.start.line, m.start.column])).toEqual([['misplaced', 5, 3]]);
  });
  it('a marker inside a fence claims nothing and does not warn', () => {
    const facts = read('```md\n> **Normative home:** `x`.\n```\n');
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.nearMisses).toEqual([]);
  });
  it('a marker in a header paragraph outside the blockquote claims nothing and warns', () => {
    const facts = read('**Normative home:** `x`.\n');
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.nearMisses.map((m) => m.kind)).toEqual(['misplaced']);
  });
  it('a form B row in a body table claims nothing and warns once', () => {
    const facts = read('# T\n\n## Body\n\n| **homes:** | `x` |\n| --- | --- |\n');
    expect([...facts.claims.keys()]).toEqual([]);
    expect(facts.nearMisses.map((m) => [m.kind, m.start.line])).toEqual([['misplaced', 5]]);
  });
  it('only key-shaped claims count', () => {
    expect(claims('> **Normative home:** `a b`, `ok`, `x/y`.\n')).toEqual(['ok']);
  });
  it('an H1 does not end the header region; an H2 does', () => {
    expect(claims('# Title\n\n> **Normative home:** `a`.\n')).toEqual(['a']);
    expect(claims('## Title\n\n> **Normative home:** `a`.\n')).toEqual([]);
  });
  it('records where each claim and the first marker sit', () => {
    const facts = read('# T\n\n> **Status: Stable.**\n> **Normative home:** `mcp`.\n');
    expect(facts.marker?.start).toMatchObject({ line: 4, column: 3 });
    expect(facts.claims.get('mcp')?.start).toMatchObject({ line: 4, column: 23 });
  });
});

describe('the banner', () => {
  it('is the first strong starting with Status inside a header blockquote; the line keeps `> `', () => {
    const facts = read(
      '# T\n\n> Intro **bold** then **Status: Stable · v1.1.** Normative for x.\n> **Status: Draft**\n',
    );
    expect(facts.banner?.line).toBe('> Intro **bold** then **Status: Stable · v1.1.** Normative for x.');
    expect(facts.banner?.start).toMatchObject({ line: 3, column: 23 });
  });
  it('accepts `**Status:**` followed by text', () => {
    expect(read('> **Status:** Informative.\n').banner?.line).toBe('> **Status:** Informative.');
  });
  it('is absent when the Status line is outside a blockquote or after the header region (upstream scanned 2,000 characters)', () => {
    expect(read('**Status: Stable.**\n').banner).toBeUndefined();
    expect(read('# T\n\n## A\n\n> **Status: Stable.**\n').banner).toBeUndefined();
    expect(read('# T\n\nSome Status: text.\n').banner).toBeUndefined();
  });
});

describe('units and section chains', () => {
  const obligated = (md: string, key: string): boolean => {
    const f = read(md);
    return f.obligationNames.names(key) || f.obligationTitles.has(key);
  };
  it('a wrapped list item is one unit; adjacent items are separate units (upstream merged lists)', () => {
    expect(obligated('- The `a` family is\n  described here and MUST hold.\n', 'a')).toBe(true);
    expect(obligated('- The `a` family is described.\n- Hosts MUST do b.\n', 'a')).toBe(false);
  });
  it('a nested item is its own unit, not part of its parent', () => {
    expect(obligated('- The `a` family:\n  - Hosts MUST do b.\n', 'a')).toBe(false);
    expect(obligated('- Intro\n  - The `a` family MUST hold.\n', 'a')).toBe(true);
  });
  it('table rows are separate units, header row included', () => {
    expect(obligated('| `a` | x |\n| --- | --- |\n| b | MUST |\n', 'a')).toBe(false);
    expect(obligated('| `a` MUST | x |\n| --- | --- |\n', 'a')).toBe(true);
  });
  it('an indented fence inside a list item is code, not obligation text (upstream saw only column-0 fences)', () => {
    expect(obligated('- The `a` family:\n\n  ```\n  MUST\n  ```\n', 'a')).toBe(false);
  });
  it('a keyword unit under a section titled for the key obligates it, sub-sections included', () => {
    expect(obligated('## §host.kvStorage\n\n| rule |\n| --- |\n| A get MUST NOT leak. |\n', 'kvStorage')).toBe(true);
    expect(obligated('## `cache`\n\n### Details\n\nHosts MUST evict.\n', 'cache')).toBe(true);
  });
  it('a section ends at the next heading of equal or greater depth', () => {
    expect(obligated('## `cache`\n\nIntro.\n\n## Other\n\nHosts MUST evict.\n', 'cache')).toBe(false);
    expect(obligated('### `cache`\n\n## Other\n\nHosts MUST evict.\n', 'cache')).toBe(false);
  });
  it('a section chain never crosses documents (upstream leaked heading scope across files)', () => {
    const first = read('## `cache`\n\nIntro.\n');
    const second = read('Hosts MUST evict.\n');
    expect(first.obligationTitles.has('cache') || second.obligationTitles.has('cache')).toBe(false);
  });
  it('headings and code count for naming and facets; HTML and front matter do not', () => {
    const f = read('---\nx: hidden\n---\n\n## `a`\n\n```json\n{"visible": 1}\n```\n\n<div>secret</div>\n');
    expect(f.naming.names('a')).toBe(true);
    expect(f.facetText.names('visible')).toBe(true);
    expect(f.naming.names('visible')).toBe(false);
    expect(f.facetText.names('hidden')).toBe(false);
    expect(f.facetText.names('secret')).toBe(false);
  });
});
