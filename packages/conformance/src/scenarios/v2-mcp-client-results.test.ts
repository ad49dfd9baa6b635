/**
 * RFC 0204 §A — `ctx.mcp` returns MCP's results unaltered — major 2. Gated on `mcp.client`; each
 * row runs the `conformance-mcp-client` fixture (src/fixtures/) and reads the node's result from
 * the event log. The rows compare against what the suite's fake MCP server recorded once a host
 * binds `conformance` to it; until then they check what holds whatever the server sent.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { gateFamily, isRecord } from '../lib/discovery.js';
import { runFixtureNode } from '../lib/runs.js';
import type { NodeOutcome } from '../lib/runs.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';
import type { TestContext } from 'vitest';

const ID = 'openwop.requirement.0204';

async function mcpClient(ctx: TestContext, inputs: Record<string, unknown>): Promise<NodeOutcome> {
  requireHost(ctx);
  const mcp = await gateFamily('mcp');
  requireAdvertised(ctx, mcp !== null && mcp['client'] === true, 'mcp.client');
  const outcome = await runFixtureNode('conformance-mcp-client', 'mcp-client', inputs);
  if (outcome.status === 'unsupported') ctx.skip(`blocked: ${outcome.reason} (the host does not install the conformance-mcp-client fixture)`);
  return outcome;
}

describeScenario(import.meta.url, 'v2-mcp-client-results (RFC 0204 §A)', () => {
  it('server-health: serverHealth reports reachability, never a connection state', async (ctx) => {
    const outcome = await mcpClient(ctx, { method: 'serverHealth', serverId: 'conformance' });
    expect(outcome.status, req(`${ID}.server-health`, '§A.6', 'serverHealth MUST resolve')).toBe('completed');
    const result = (outcome as { result: unknown }).result;
    expect(isRecord(result) ? result['state'] : undefined, req(`${ID}.server-health`, '§A.6', 'state MUST be reachable, unreachable or incompatible')).toMatch(/^(reachable|unreachable|incompatible)$/);
    expect(JSON.stringify(result), req(`${ID}.server-health`, '§A.6', 'serverHealth MUST NOT report a connection state')).not.toMatch(/"(connected|disconnected)"/);
  });

  it('reject-unknown-server: an unknown serverId rejects with not_found', async (ctx) => {
    const serverId = `no-such-${randomBytes(4).toString('hex')}`;
    const outcome = await mcpClient(ctx, { method: 'callTool', serverId, name: 'echo' });
    expect(outcome, req(`${ID}.reject-unknown-server`, '§A.2', 'an unknown serverId MUST reject with not_found')).toEqual({ status: 'failed', errorCode: 'not_found' });
  });

  it('call-tool-iserror-resolves: a tool error is a result, not a rejection', async (ctx) => {
    const outcome = await mcpClient(ctx, { method: 'callTool', serverId: 'conformance', name: 'always-error' });
    expect(outcome.status, req(`${ID}.call-tool-iserror-resolves`, '§A.3', 'callTool MUST resolve when isError is true')).toBe('completed');
    const result = (outcome as { result: unknown }).result;
    expect(isRecord(result) && result['isError'], req(`${ID}.call-tool-iserror-resolves`, '§A.3', 'the CallToolResult keeps isError: true')).toBe(true);
  });

  it('list-tools-page: listTools returns one page and forwards the cursor', async (ctx) => {
    const first = await mcpClient(ctx, { method: 'listTools', serverId: 'conformance' });
    expect(first.status, req(`${ID}.list-tools-page`, '§A.4', 'listTools MUST resolve')).toBe('completed');
    const page = (first as { result: unknown }).result;
    expect(isRecord(page) && Array.isArray(page['tools']), req(`${ID}.list-tools-page`, '§A.4', 'listTools MUST resolve to a ListToolsResult')).toBe(true);
    const cursor = isRecord(page) ? page['nextCursor'] : undefined;
    if (typeof cursor !== 'string') return;
    const second = await mcpClient(ctx, { method: 'listTools', serverId: 'conformance', cursor });
    expect(second.status, req(`${ID}.list-tools-page`, '§A.4', 'listTools MUST forward the pack’s cursor')).toBe('completed');
  });
});
