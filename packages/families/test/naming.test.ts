import { beforeAll, describe, expect, it } from 'vitest';
import { markdownParser } from '@openwop-spec/spec-tree';
import {
  NameIndex,
  coversFacet,
  hasKeyword,
  isClaimToken,
  kwOf,
  nameOf,
  names,
  namesDotted,
  titledFor,
  titledKeys,
} from '../src/index.js';
import type { MarkdownParser } from '@openwop-spec/spec-tree';
import { cases, seeded } from '../../spec-tree/test/property.js';

let parse: MarkdownParser;
beforeAll(async () => {
  parse = await markdownParser();
});

describe('the naming rule', () => {
  const table: Array<[string, string, boolean]> = [
    ['nodes are fs-gated', 'fs', false],
    ['token_budget_exceeded', 'budget', false],
    ['spec/v2/ext/portability/', 'portability', false],
    ['RunSnapshot.owner.workspace', 'workspace', false],
    ['ctx.aiEnvelope.generate', 'aiEnvelope', false],
    ['§host.kvStorage', 'kvStorage', false],
    ['(cache)', 'cache', true],
    ['see i18n.md', 'i18n', true],
    ['`runList.maxPageSize`', 'runList', true],
    ['the mcp family', 'mcp', true],
    ['MCP server', 'mcp', false],
    ['toolCatalogs', 'toolCatalog', false],
    ['x`toolCatalog`y', 'toolCatalog', true],
    ['cache,', 'cache', true],
  ];
  it.each(table)('%j names %s: %s', (text, key, expected) => {
    expect(names(text, key)).toBe(expected);
    expect(new NameIndex([text]).names(key)).toBe(expected);
    expect(new NameIndex([text], undefined, 0).names(key)).toBe(expected);
  });

  it('matches keys literally: regex metacharacters in a key are plain characters', () => {
    expect(names('a (x+) b', 'x+')).toBe(true);
    expect(names('a xx b', 'x+')).toBe(false);
    expect(names('the a.b family', 'a.b')).toBe(true);
    expect(names('the aXb family', 'a.b')).toBe(false);
    expect(new NameIndex(['a (x+) b']).names('x+')).toBe(true);
    expect(new NameIndex(['the aXb family']).names('a.b')).toBe(false);
    expect(names('anything', '')).toBe(false);
  });

  it('the index answers exactly as the literal rule on generated texts', () => {
    const alphabet = ['a', 'b', 'ab', '.', '-', '_', '/', ' ', '`', '(', 'x', '.a', 'b.'];
    const keys = ['a', 'b', 'ab', 'a.b', 'ab.', 'x', 'b.a', 'a b'];
    const rand = seeded(7);
    for (let round = 0; round < cases(400); round++) {
      const text = Array.from({ length: 1 + rand(12) }, () => alphabet[rand(alphabet.length)]).join('');
      // Indexed at once, and after answering its first questions by scanning.
      for (const index of [new NameIndex([text], undefined, 0), new NameIndex([text], undefined, 3)]) {
        for (const key of keys) expect([text, key, index.names(key)]).toEqual([text, key, names(text, key)]);
        for (const [k, f] of [
          ['a', 'b'],
          ['ab', 'a'],
          ['x', 'ab'],
          ['a-b', 'x'],
        ] as const) {
          expect([text, k, f, index.namesDotted(k, f)]).toEqual([text, k, f, namesDotted(text, k, f)]);
        }
      }
    }
  });
});

describe('titled for', () => {
  const heading = (md: string): string => {
    const node = parse(md).children[0]!;
    expect(node.type).toBe('heading');
    return nameOf(node);
  };
  it.each([
    ['## `mcp`', 'mcp'],
    ['## §host.kvStorage', 'kvStorage'],
    ['### § packs', 'packs'],
    ['#### `host.fs`', 'fs'],
  ])('%s is titled for %s', (md, key) => {
    expect(titledFor(heading(md), key)).toBe(true);
  });
  it.each([
    ['## mcp client', 'mcp'],
    ['## The `mcp` family', 'mcp'],
    ['## MCP', 'mcp'],
  ])('%s is not titled for %s', (md, key) => {
    expect(titledFor(heading(md), key)).toBe(false);
  });
  it('`##mcp` is not a CommonMark heading, so it titles nothing (upstream accepted it)', () => {
    expect(parse('##mcp').children[0]!.type).toBe('paragraph');
  });
  it('agrees with the naming rule’s regex (key escaped) on generated headings', () => {
    const oracle = (name: string, key: string): boolean =>
      new RegExp('^§?\\s*`?(host\\.)?' + key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '`?$').test(name.trim());
    const parts = ['§', ' ', '`', 'host.', 'fs', 'kv', '.', '`', 'x+'];
    const keys = ['fs', 'kv', 'host.fs', 'fs`', 'x+', 'kv.fs', '§fs', '`fs'];
    const rand = seeded(11);
    for (let round = 0; round < cases(600); round++) {
      const name = Array.from({ length: 1 + rand(5) }, () => parts[rand(parts.length)]).join('');
      for (const key of keys) expect([name, key, titledFor(name, key)]).toEqual([name, key, oracle(name, key)]);
    }
    expect(titledKeys('§ `host.kvStorage`')).toContain('kvStorage');
  });
});

describe('keywords', () => {
  it.each(['MUST', 'MUST NOT', 'SHOULD', 'SHOULD NOT', 'MAY'])('%s counts', (k) => {
    expect(hasKeyword(`A host ${k} do it.`)).toBe(true);
  });
  it.each(['SHALL', 'REQUIRED', 'RECOMMENDED', 'OPTIONAL', 'must', 'MUSTER', 'DISMAY'])('%s does not count', (k) => {
    expect(hasKeyword(`A host ${k} do it.`)).toBe(false);
  });
  it('a keyword in inline code or an HTML comment never counts, because kw() drops both', () => {
    const para = (md: string) => parse(md).children[0]!;
    expect(hasKeyword(kwOf(para('The field `MUST` is reserved.')))).toBe(false);
    expect(hasKeyword(kwOf(para('A note <!-- MUST --> here.')))).toBe(false);
    expect(hasKeyword(kwOf(para('A host MUST do it.')))).toBe(true);
  });
});

describe('facet coverage', () => {
  it.each([
    ['`mcp.client`', 'mcp', 'client', true],
    ['advertising mcp.client', 'mcp', 'client', true],
    ['{"client": true}', 'mcp', 'client', true],
    ['Capabilities.limits.maxBudgetTokens', 'limits', 'maxBudgetTokens', true],
    ['x/mcp.client', 'mcp', 'client', false],
    ['mcp.clientele', 'mcp', 'client', false],
  ])('%j covers %s.%s: %s', (text, key, facet, expected) => {
    expect(coversFacet(text, key, facet)).toBe(expected);
    expect(new NameIndex([text]).coversFacet(key, facet)).toBe(expected);
  });
  it('facet names are matched literally', () => {
    expect(coversFacet('k.a+b', 'k', 'a+b')).toBe(true);
    expect(coversFacet('k.aab', 'k', 'a+b')).toBe(false);
  });
});

describe('claims', () => {
  it('count only tokens that look like keys', () => {
    expect(isClaimToken('toolCatalog')).toBe(true);
    expect(isClaimToken('a_b.c-d9')).toBe(true);
    expect(isClaimToken('two words')).toBe(false);
    expect(isClaimToken('')).toBe(false);
  });
});
