// A host that lists MCP revisions older than 2026-07-28 in `mcp.revisions` reaches servers that
// predate it (core/interop.md § mcp) and gives pack code their results in that revision's shape,
// exactly as sent (core/host-services.md § mcp). The suite's fake serves such a server on the same
// port (EARLIER_REVISION_PATH, 2025-11-25 only), bound as `conformance.earlier`.
import { isRecord } from '@openwop-spec/json';
import { LATEST_REVISION } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, completedValue, fail, inapplicable, isResult, mcpGate, pass, schemaFailure } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';
import type { Outcome } from '../host-under-test.js';

export const EARLIER_SERVER_ID = 'conformance.earlier';

/** The ctx.mcp gate, plus: the host lists a revision older than 2026-07-28 (otherwise it need not reach such servers). */
export function earlierGate(ctx: RowContext): { fake: FakeMcpServer } | RowResult {
  const gate = mcpGate(ctx);
  if (isResult(gate)) return gate;
  const revisions = ctx.capabilities.mcp?.revisions ?? [];
  if (!revisions.some((revision) => revision < LATEST_REVISION)) {
    return inapplicable('mcp.revisions lists no revision before 2026-07-28: the host does not reach older servers');
  }
  return gate;
}

const unbound = (out: Outcome): RowResult | undefined =>
  out.status === 'failed' && out.errorCode === 'not_found'
    ? blocked(`the host has no ${EARLIER_SERVER_ID} binding`)
    : undefined;

export const earlierRevisionUnaltered: Row = {
  id: 'earlier-revision-unaltered',
  rfc: '§A.3 at 2025-11-25',
  majors: [2],
  advisory: false,
  needsFake: true,
  summary: 'callTool echo on a 2025-11-25 server resolves to its result as sent: no resultType written in',
  async run(ctx) {
    const gate = earlierGate(ctx);
    if (isResult(gate)) return gate;
    const nonce = ctx.nonce();
    const out = await ctx.host.runMcpClient({
      method: 'callTool',
      serverId: EARLIER_SERVER_ID,
      name: 'echo',
      arguments: { text: nonce },
    });
    const done = unbound(out) ?? completedValue(out, 'callTool echo on the 2025-11-25 server');
    if (isResult(done)) return done;
    const sent = gate.fake.latestExchange(
      'tools/call',
      (x) => paramsOf(x)['name'] === 'echo' && argumentsOf(x)['text'] === nonce,
    );
    if (sent === undefined)
      return fail(
        "the fake recorded no echo call carrying this run's text: the host resolved something the server never sent",
      );
    const diff = firstDifference(done.value, sent.result);
    if (diff !== undefined) return fail(`the resolved value is not the recorded 2025-11-25 CallToolResult: ${diff}`);
    if (isRecord(done.value) && Object.hasOwn(done.value, 'resultType'))
      return fail('$.resultType is unexpected; expected absent: a 2025-11-25 result has none');
    const shape = schemaFailure(ctx, 'mcp-call-tool-result', done.value, 'the resolved 2025-11-25 CallToolResult');
    if (shape !== undefined) return shape;
    return pass('deep-equal to the recorded 2025-11-25 CallToolResult, nothing of 2026-07-28 written in');
  },
};

export const earlierRevisionHealth: Row = {
  id: 'earlier-revision-health',
  rfc: '§A.6 at 2025-11-25',
  majors: [2],
  advisory: false,
  needsFake: true,
  summary: 'serverHealth of a live 2025-11-25 server is reachable, without a DiscoverResult',
  async run(ctx) {
    const gate = earlierGate(ctx);
    if (isResult(gate)) return gate;
    const out = await ctx.host.runMcpClient({ method: 'serverHealth', serverId: EARLIER_SERVER_ID });
    const done =
      unbound(out) ?? completedValue(out, 'serverHealth of the 2025-11-25 server (a state, not a rejection)');
    if (isResult(done)) return done;
    const shape = schemaFailure(ctx, 'mcp-server-health', done.value, 'the health');
    if (shape !== undefined) return shape;
    const health = isRecord(done.value) ? done.value : {};
    if (health['state'] !== 'reachable')
      return fail(`$.state is ${JSON.stringify(health['state'])}, expected "reachable"`);
    if (health['discover'] !== undefined)
      return fail('$.discover is unexpected; expected absent: a 2025-11-25 server has no server/discover');
    // A host that reports reachable without probing at all fails server-health (its down server reads reachable).
    return pass('reachable without a DiscoverResult');
  },
};
