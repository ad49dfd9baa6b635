import { describe, expect, it } from 'vitest';
import { createToolCatalog } from '../src/catalog.js';
import type { ToolDescriptor } from '../src/descriptor.js';
import { codeUnitCompare, sortByToolId } from '../src/order.js';
import type { ToolsPageSource } from '../src/project-mcp.js';

const ids = (xs: string[]) => sortByToolId(xs.map((toolId) => ({ toolId }))).map((x) => x.toolId);

describe('code-unit order (RFC 0204 §D.13)', () => {
  it('mcp:x.Z < mcp:x._y < mcp:x.a, where a locale collation disagrees', () => {
    expect(ids(['mcp:x.a', 'mcp:x._y', 'mcp:x.Z'])).toEqual(['mcp:x.Z', 'mcp:x._y', 'mcp:x.a']);
    const locale = ['mcp:x.a', 'mcp:x._y', 'mcp:x.Z'].sort(new Intl.Collator('en-US').compare);
    expect(locale).not.toEqual(['mcp:x.Z', 'mcp:x._y', 'mcp:x.a']);
  });

  it('mcp:x.😀 < mcp:x.Ａ by code unit (0xD83D < 0xFF21), where code-point order disagrees', () => {
    expect(ids(['mcp:x.Ａ', 'mcp:x.😀'])).toEqual(['mcp:x.😀', 'mcp:x.Ａ']);
    const byCodePoint = (a: string, b: string) => a.codePointAt(6)! - b.codePointAt(6)!;
    expect(['mcp:x.😀', 'mcp:x.Ａ'].sort(byCodePoint)).toEqual(['mcp:x.Ａ', 'mcp:x.😀']);
  });

  it('a10 < a9 (no numeric collation)', () => {
    expect(ids(['a9', 'a10'])).toEqual(['a10', 'a9']);
  });

  it('is a total order consistent with <, and equal strings compare 0', () => {
    expect(codeUnitCompare('a', 'a')).toBe(0);
    expect(codeUnitCompare('a', 'b')).toBe(-1);
    expect(codeUnitCompare('b', 'a')).toBe(1);
  });

  it('does not mutate its input', () => {
    const input = [{ toolId: 'b' }, { toolId: 'a' }];
    sortByToolId(input);
    expect(input.map((x) => x.toolId)).toEqual(['b', 'a']);
  });
});

describe('catalog order', () => {
  const host = (toolId: string): ToolDescriptor => ({
    toolId,
    source: 'node-pack',
    safetyTier: 'pure',
    egress: 'none',
  });
  // Insertion order differs from every candidate order, and contains pairs locale and code-point orders disagree on.
  const tools = ['core.alpha', 'mcp:x.Ａ', 'core.Zeta', 'a9', 'mcp:x.😀', 'a10', 'core._mid'].map(host);
  const client: ToolsPageSource = {
    async listToolsPage() {
      return {
        tools: [
          { name: 'zeta', inputSchema: { type: 'object' } },
          { name: 'Alpha', inputSchema: { type: 'object' } },
        ],
        ttlMs: 0,
        cacheScope: 'public',
        resultType: 'complete',
      };
    },
  };

  it('serves both sources merged in code-unit order, and two reads are deep-equal', async () => {
    const catalog = createToolCatalog({ tools, mcp: { client, serverIds: ['s'] } });
    const first = await catalog.read();
    const second = await catalog.read();
    expect(first.tools.map((t) => t.toolId)).toEqual([
      'a10',
      'a9',
      'core.Zeta',
      'core._mid',
      'core.alpha',
      'mcp:s.Alpha',
      'mcp:s.zeta',
      'mcp:x.😀',
      'mcp:x.Ａ',
    ]);
    expect(second).toEqual(first);
    expect(second.tools).not.toBe(first.tools);
  });

  it('uses an injected comparison (the seam a conformance mutant replaces)', async () => {
    const reversed = createToolCatalog({ tools, compare: (a, b) => codeUnitCompare(b, a) });
    const ids = (await reversed.read()).tools.map((t) => t.toolId);
    expect(ids[0]).toBe('mcp:x.Ａ');
    expect(ids.at(-1)).toBe('a10');
  });
});
