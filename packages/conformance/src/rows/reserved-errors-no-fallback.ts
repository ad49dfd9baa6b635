// interop.md § Speaking to an MCP server: the errors MCP reserves for itself are answers, never a
// reason to change revision. -32021 (a client capability the server needs was not declared) and
// -32020 (the request's headers failed its validation) reject the call as MCP errors, carried
// unaltered; a host that took either for a server of an earlier era would send it `initialize`.
// The suite's conformance.strict is a 2026-07-28 server whose needs_sampling answers -32021 and
// whose header_mismatch answers -32020, whatever the host sends.
import { HEADER_MISMATCH_TOOL, LATEST_REVISION, NEEDS_SAMPLING_TOOL, STRICT_PATH } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, detailsOf, fail, isResult, mcpGate, pass, rejectionOf, schemaFailure } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';

/** A 2026-07-28 server answering with MCP's reserved errors. */
export const STRICT_SERVER_ID = 'conformance.strict';

const CASES = [
  [NEEDS_SAMPLING_TOOL, -32021],
  [HEADER_MISMATCH_TOOL, -32020],
] as const;

async function judge(ctx: RowContext, fake: FakeMcpServer, tool: string, code: number): Promise<RowResult | undefined> {
  const nonce = ctx.nonce();
  const since = fake.invocationCount();
  const out = await ctx.host.runMcpClient({
    method: 'callTool',
    serverId: STRICT_SERVER_ID,
    name: tool,
    arguments: { nonce },
  });
  if (out.status === 'unsupported') return blocked('the host does not run the fixture');
  if (out.status === 'failed' && out.errorCode === 'not_found')
    return blocked(`the host has no ${STRICT_SERVER_ID} binding`);
  const changed = fake
    .invocationsSince(since)
    .find((i) => i.path === STRICT_PATH && (i.method === 'initialize' || i.revision !== LATEST_REVISION));
  if (changed !== undefined)
    return fail(
      `${tool}: after the server answered ${code}, the host sent ${changed.method} ${changed.revision === '(absent)' ? 'without MCP-Protocol-Version' : `at ${changed.revision}`}; ${code} is an answer, never a reason to change revision`,
    );
  if (out.status === 'completed')
    return fail(`${tool}: the call completed although the server answered ${code}; it MUST reject as an MCP error`);
  if (out.errorCode !== 'mcp_error')
    return fail(
      `${tool}: $.code is ${JSON.stringify(out.errorCode)}, expected "mcp_error": the server answered ${code}`,
    );
  const shape = schemaFailure(ctx, 'mcp-rejection', rejectionOf(out), `${tool}: payload.error`);
  if (shape !== undefined) return shape;
  const sent = fake.latestExchange(
    'tools/call',
    (x) => paramsOf(x)['name'] === tool && argumentsOf(x)['nonce'] === nonce && x.error !== undefined,
  );
  if (sent === undefined)
    return fail(
      `${tool}: the fake recorded no error answer to this run's call: the host reported an error the server never sent`,
    );
  const diff = firstDifference(detailsOf(out)['error'], sent.error, '$.details.error');
  return diff === undefined ? undefined : fail(`${tool}: details.error is not the recorded JSON-RPC error: ${diff}`);
}

export const reservedErrorsNoFallback: Row = {
  id: 'reserved-errors-no-fallback',
  rfc: 'Clarification 12',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'callTool needs_sampling (-32021) and header_mismatch (-32020) on conformance.strict reject with mcp_error carrying the recorded error, and the host never falls back to an earlier revision',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    for (const [tool, code] of CASES) {
      const verdict = await judge(ctx, gate.fake, tool, code);
      if (verdict !== undefined) return verdict;
    }
    return pass('both rejected with mcp_error carrying the recorded error; every request stayed at 2026-07-28');
  },
};
