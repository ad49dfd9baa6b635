// §A.2: a call to a serverId the host has not configured rejects with not_found.
import { blocked, fail, isResult, mcpGate, pass, rejectionOf, schemaFailure } from './row.js';
import type { Row } from './row.js';

export const rejectUnknownServer: Row = {
  id: 'reject-unknown-server',
  rfc: '§A.2',
  advisory: false,
  majors: [2],
  summary: 'callTool on an unconfigured serverId fails with not_found',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const serverId = `no-such-${ctx.nonce()}`;
    const out = await ctx.host.runMcpClient({ method: 'callTool', serverId, name: 'echo', arguments: { text: 'x' } });
    if (out.status === 'unsupported') return blocked('the host does not run the fixture');
    if (out.status === 'completed')
      return fail('the call to an unconfigured serverId completed; it MUST reject with not_found');
    if (out.errorCode !== 'not_found')
      return fail(
        `the call to an unconfigured serverId failed: $.code is ${JSON.stringify(out.errorCode)}, expected "not_found"`,
      );
    const shape = schemaFailure(ctx, 'mcp-rejection', rejectionOf(out), 'payload.error');
    if (shape !== undefined) return shape;
    return pass('failed with not_found');
  },
};
