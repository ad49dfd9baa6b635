// host-services.md § Rejections: whether the server may have received a request decides whether
// sending it again is safe, so a host MUST report `interrupted` when the connection dropped, or the
// response stream ended, after the request was sent and before its response arrived; `connect`
// says nothing was sent. The suite's conformance.drops reads each request in full, records it, then
// closes the connection without an answer, or, for cut-mid-stream, starts an event stream and
// ends it before the response.
import { CUT_MID_STREAM_TOOL, DROPS_PATH } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, detailsOf, fail, isResult, mcpGate, pass, rejectionOf, schemaFailure } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';

/** A server that receives each request and never answers it. */
export const DROPS_SERVER_ID = 'conformance.drops';

const CASES = [
  ['echo', 'the connection closed after the request, without an answer'],
  [CUT_MID_STREAM_TOOL, 'the response stream ended before the response'],
] as const;

async function judge(ctx: RowContext, fake: FakeMcpServer, tool: string, what: string): Promise<RowResult | undefined> {
  const nonce = ctx.nonce();
  const since = fake.invocationCount();
  const out = await ctx.host.runMcpClient({
    method: 'callTool',
    serverId: DROPS_SERVER_ID,
    name: tool,
    arguments: { text: nonce },
  });
  if (out.status === 'unsupported') return blocked('the host does not run the fixture');
  if (out.status === 'failed' && out.errorCode === 'not_found')
    return blocked(`the host has no ${DROPS_SERVER_ID} binding`);
  if (out.status === 'completed') return fail(`${tool}: the call completed, yet ${what}; it MUST reject`);
  const delivered = fake
    .invocationsSince(since)
    .some((i) => i.path === DROPS_PATH && paramsOf(i)['name'] === tool && argumentsOf(i)['text'] === nonce);
  if (!delivered)
    return fail(
      `${tool}: no tools/call carrying this run's text reached ${DROPS_SERVER_ID}; expected the host to send it`,
    );
  if (out.errorCode !== 'mcp_transport')
    return fail(`${tool}: $.code is ${JSON.stringify(out.errorCode)}, expected "mcp_transport": ${what}`);
  const shape = schemaFailure(ctx, 'mcp-rejection', rejectionOf(out), `${tool}: payload.error`);
  if (shape !== undefined) return shape;
  const reason = detailsOf(out)['reason'];
  if (reason !== 'interrupted')
    return fail(
      `${tool}: $.details.reason is ${JSON.stringify(reason)}, expected "interrupted": ${what}, so the server may have acted on the request${reason === 'connect' ? ' (connect says nothing was sent)' : ''}`,
    );
  return undefined;
}

export const transportInterrupted: Row = {
  id: 'transport-interrupted',
  rfc: '§A.2, host-services.md § Rejections',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'callTool on conformance.drops, which receives the request and never answers it, fails with mcp_transport and reason interrupted, for a dropped connection and for an event stream that ends early',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    for (const [tool, what] of CASES) {
      const verdict = await judge(ctx, gate.fake, tool, what);
      if (verdict !== undefined) return verdict;
    }
    return pass('both failed with mcp_transport, reason interrupted, after the server received the request');
  },
};
