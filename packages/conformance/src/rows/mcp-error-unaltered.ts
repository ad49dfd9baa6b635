// §A.2: an MCP error response rejects the call, carrying the server's `Error` object unaltered
// (host-services.md § Rejections: code `mcp_error`, the object as `details.error` on the event log).
import { firstDifference } from './compare.js';
import { paramsOf } from './exchanges.js';
import { blocked, detailsOf, fail, isResult, mcpGate, pass, rejectionOf, schemaFailure } from './row.js';
import type { Row } from './row.js';

export const mcpErrorUnaltered: Row = {
  id: 'mcp-error-unaltered',
  rfc: '§A.2',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'callTool on a tool the server does not have fails with mcp_error carrying the recorded JSON-RPC error, deep-equal',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    // The fake answers an unknown tool with -32602 and data { name }; the name tells this run's exchange apart.
    const name = `no-such-tool-${ctx.nonce()}`;
    const out = await ctx.host.runMcpClient({ method: 'callTool', serverId: 'conformance', name });
    if (out.status === 'unsupported') return blocked('the host does not run the fixture');
    if (out.status === 'completed')
      return fail('the call completed although the server answered with a JSON-RPC error; it MUST reject');
    if (out.errorCode !== 'mcp_error') return fail(`$.code is ${JSON.stringify(out.errorCode)}, expected "mcp_error"`);
    const sent = gate.fake.latestExchange('tools/call', (x) => paramsOf(x)['name'] === name && x.error !== undefined);
    if (sent === undefined)
      return fail(
        "the fake recorded no error answer to this run's call: the host reported an error the server never sent",
      );
    const shape = schemaFailure(ctx, 'mcp-rejection', rejectionOf(out), 'payload.error');
    if (shape !== undefined) return shape;
    const diff = firstDifference(detailsOf(out)['error'], sent.error, '$.details.error');
    if (diff !== undefined) return fail(`details.error is not the recorded JSON-RPC error: ${diff}`);
    return pass('failed with mcp_error, details.error deep-equal to the recorded JSON-RPC error');
  },
};
