/**
 * v1 `invokeTool` through MCP, with RFC 0204 §B's optional `raw` — major 1 only. The v1 leg of row
 * `v1-raw-verbatim`: `raw` (a MAY) is the server's CallToolResult, and `isError` agrees with it.
 * Without `raw` the row is inapplicable. The comparison with the fake server's recorded exchange is
 * wired when a host binds the suite's fake MCP server.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { hostDriver } from '../lib/driver.js';
import { isRecord } from '../lib/discovery.js';
import { runFixtureNode } from '../lib/runs.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';

const ID = 'openwop.requirement.0204.v1-raw-verbatim';

describeScenario(import.meta.url, 'mcp-tool-roundtrip (v1, RFC 0204 §B)', () => {
  it('invokeTool returns raw unaltered when it returns raw', async (ctx) => {
    requireHost(ctx);
    const mcp = (await hostDriver().get('/.well-known/openwop')).json as { mcp?: { supported?: boolean } } | undefined;
    requireAdvertised(ctx, mcp?.mcp?.supported === true, 'mcp');

    const nonce = randomBytes(8).toString('hex');
    const outcome = await runFixtureNode('conformance-mcp-tool-roundtrip', 'mcp-invoke', { text: nonce });
    if (outcome.status === 'unsupported') ctx.skip(`blocked: ${outcome.reason}`);
    expect(outcome.status, req(ID, '§B', 'invokeTool of conformance/echo MUST complete')).toBe('completed');
    const result = (outcome as { result: unknown }).result;
    const raw = isRecord(result) && isRecord(result['raw']) ? result['raw'] : undefined;
    if (!raw) return ctx.skip('inapplicable: invokeTool returned no raw (it is a MAY)');
    expect((result as Record<string, unknown>)['isError'] === true, req(ID, '§B.8', 'isError MUST agree with raw.isError')).toBe(raw['isError'] === true);
    expect(JSON.stringify(raw), req(ID, '§B.8', 'raw carries the echoed nonce')).toContain(nonce);
  });
});
