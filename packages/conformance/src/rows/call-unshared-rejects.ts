// §A.2 for a server that shares no revision with the host (host-services.md § Rejections): the
// call rejects. When the server answered the call, with -32022, the rejection is mcp_error carrying
// that error unaltered; a host that learned from server/discover (or a handshake) that nothing is
// shared and so never sent the call rejects with mcp_transport and reason `incompatible`.
import { isRecord } from '@openwop-spec/json';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, detailsOf, fail, isResult, mcpGate, pass, rejectionOf, schemaFailure } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';
import { INCOMPATIBLE_SERVER_ID, UNSHARED_SERVER_ID } from './server-health-incompatible.js';

const UNSUPPORTED_PROTOCOL_VERSION = -32022;

async function judgeServer(
  ctx: RowContext,
  fake: NonNullable<RowContext['fake']>,
  serverId: string,
): Promise<RowResult | undefined> {
  const text = ctx.nonce();
  const out = await ctx.host.runMcpClient({ method: 'callTool', serverId, name: 'echo', arguments: { text } });
  if (out.status === 'unsupported') return blocked('the host does not run the fixture');
  if (out.status === 'completed')
    return fail(
      `${serverId}: the call completed; a call to a server that shares no revision with the host MUST reject`,
    );
  if (out.errorCode === 'not_found') return blocked(`the host has no ${serverId} binding`);
  const shape = schemaFailure(ctx, 'mcp-rejection', rejectionOf(out), `${serverId}: payload.error`);
  if (shape !== undefined) return shape;
  const sent = fake.latestExchange(
    'tools/call',
    (x) => paramsOf(x)['name'] === 'echo' && argumentsOf(x)['text'] === text && x.error !== undefined,
  );
  if (sent !== undefined) {
    if (out.errorCode !== 'mcp_error')
      return fail(
        `${serverId}: $.code is ${JSON.stringify(out.errorCode)}, expected "mcp_error": the server answered the call with ${UNSUPPORTED_PROTOCOL_VERSION}, which the rejection carries unaltered`,
      );
    const diff = firstDifference(detailsOf(out)['error'], sent.error, '$.details.error');
    if (diff !== undefined) return fail(`${serverId}: details.error is not the recorded error: ${diff}`);
    if (isRecord(sent.error) && sent.error['code'] !== UNSUPPORTED_PROTOCOL_VERSION)
      return blocked(
        `${serverId}: the suite's server answered with another error than ${UNSUPPORTED_PROTOCOL_VERSION}`,
      );
    return undefined;
  }
  if (out.errorCode !== 'mcp_transport' || detailsOf(out)['reason'] !== 'incompatible')
    return fail(
      `${serverId}: the call was never sent, so $.code and $.details.reason are ${JSON.stringify(out.errorCode)} and ${JSON.stringify(detailsOf(out)['reason'])}, expected "mcp_transport" and "incompatible"`,
    );
  return undefined;
}

export const callUnsharedRejects: Row = {
  id: 'call-unshared-rejects',
  rfc: '§A.2',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'callTool on conformance.incompatible and conformance.unshared rejects: mcp_error with the recorded -32022, or mcp_transport incompatible when the call was never sent',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    for (const serverId of [INCOMPATIBLE_SERVER_ID, UNSHARED_SERVER_ID]) {
      const verdict = await judgeServer(ctx, gate.fake, serverId);
      if (verdict !== undefined) return verdict;
    }
    return pass('both calls rejected as the server answered them, nothing resolved');
  },
};
