/**
 * RFC 0204 §D.11–§D.12 — major 2. Rows `.annotations-derived` (every annotated descriptor carries
 * the four hints the suite's own table derives from its safetyTier, replayPolicy and egress) and
 * `.mcp-unclassified-write` (an MCP tool the host never classified is `write`, whatever the server
 * claims; gated on `toolCatalog.sources ∋ "mcp"` with the suite's fake server as a source).
 */
import { expect, it } from 'vitest';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';
import { expectedAnnotations, listTools, toolCatalogGate } from '../lib/toolCatalog.js';

const ID = 'openwop.requirement.0204';
/** The fake server's read-only-claim tool is named `conformance_readonly_claim_<nonce>`. */
const READONLY_CLAIM = 'conformance_readonly_claim_';

describeScenario(import.meta.url, 'v2-tool-catalog-annotations (RFC 0204 §D.11–§D.12)', () => {
  it('annotations-derived: each annotated descriptor carries the four hints of the table', async (ctx) => {
    requireHost(ctx);
    requireAdvertised(ctx, (await toolCatalogGate()) !== null, 'toolCatalog');
    const { tools } = await listTools();
    const annotated = (tools ?? []).filter((t) => t.annotations !== undefined);
    if (annotated.length === 0) ctx.skip('inapplicable: no descriptor carries annotations');
    for (const tool of annotated) {
      expect(tool.annotations, req(`${ID}.annotations-derived`, '§D.12', `${String(tool.toolId)}: annotations MUST follow the table`)).toEqual(expectedAnnotations(tool));
    }
  });

  it('mcp-unclassified-write: an unclassified MCP tool is write, whatever the server claims', async (ctx) => {
    requireHost(ctx);
    const cap = await toolCatalogGate();
    requireAdvertised(ctx, cap !== null && Array.isArray(cap['sources']) && cap['sources'].includes('mcp'), 'toolCatalog.sources ∋ "mcp"');
    const { tools } = await listTools();
    const claims = (tools ?? []).filter((t) => t.source === 'mcp' && (String(t.toolId).includes(READONLY_CLAIM) || String(t['title']).includes(READONLY_CLAIM)));
    if (claims.length === 0) ctx.skip('inapplicable: the suite’s fake MCP server is not a catalog source on this host');
    for (const tool of claims) {
      expect(tool.safetyTier, req(`${ID}.mcp-unclassified-write`, '§D.11', `${String(tool.toolId)}: an unclassified MCP tool MUST be write`)).toBe('write');
    }
  });
});
