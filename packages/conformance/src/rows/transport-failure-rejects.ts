// §A.2: a transport failure rejects the call (code `mcp_transport`); it never resolves as a result.
import { blocked, fail, isResult, mcpGate, pass, rejectionOf, schemaFailure } from './row.js';
import type { Row } from './row.js';

export const transportFailureRejects: Row = {
  id: 'transport-failure-rejects',
  rfc: '§A.2',
  advisory: false,
  majors: [2],
  summary: 'callTool on conformance.down (nothing answers) fails with mcp_transport',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const out = await ctx.host.runMcpClient({
      method: 'callTool',
      serverId: 'conformance.down',
      name: 'echo',
      arguments: { text: 'x' },
    });
    if (out.status === 'unsupported') return blocked('the host does not run the fixture');
    if (out.status === 'completed')
      return fail('the call to a server nothing answers completed; a transport failure MUST reject');
    if (out.errorCode === 'not_found') return blocked('the host has no conformance.down binding');
    if (out.errorCode !== 'mcp_transport')
      return fail(
        `the call to a server nothing answers failed: $.code is ${JSON.stringify(out.errorCode)}, expected "mcp_transport"`,
      );
    const shape = schemaFailure(ctx, 'mcp-rejection', rejectionOf(out), 'payload.error');
    if (shape !== undefined) return shape;
    return pass('failed with mcp_transport');
  },
};
