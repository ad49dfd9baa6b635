// §A.3: the host answers an InputRequiredResult itself and never returns one to pack code
// (interop.md § The MCP round ceiling). The fake's needs_input asks once, then completes;
// needs_input_loop asks on every round, so the host's round ceiling must end it as a transport
// failure. Both ask only a client that declared the elicitation capability. A host declares it by
// listing `elicitation` in `mcp.features` (interop.md § mcp), and must then send it: a -32021 to
// such a host is a failure; a host that lists no elicitation gets -32021 and was never asked,
// which leaves nothing to judge.
import { isRecord } from '@openwop-spec/json';
import type { Exchange } from '@openwop-spec/mcp-fake-server';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, detailsOf, fail, inapplicable, isResult, mcpGate, pass } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';

const MISSING_CAPABILITY = -32021;

const asked = (x: Exchange): boolean => isRecord(x.result) && x.result['resultType'] === 'input_required';
const isInputRequired = (v: unknown): boolean =>
  isRecord(v) && (v['resultType'] === 'input_required' || Object.hasOwn(v, 'inputRequests'));

/** One call of `tool`; undefined when the host handled the server's request for input as it must. */
async function judgeTool(
  ctx: RowContext,
  tool: 'needs_input' | 'needs_input_loop',
  fake: NonNullable<RowContext['fake']>,
): Promise<RowResult | undefined> {
  const nonce = ctx.nonce();
  const since = fake.exchangeCount();
  const out = await ctx.host.runMcpClient({
    method: 'callTool',
    serverId: 'conformance',
    name: tool,
    arguments: { nonce },
  });
  if (out.status === 'unsupported') return blocked('the host does not run the fixture');
  const mine = (x: Exchange) =>
    x.method === 'tools/call' && paramsOf(x)['name'] === tool && argumentsOf(x)['nonce'] === nonce;
  if (out.status === 'failed') {
    const error = detailsOf(out)['error'];
    if (out.errorCode === 'mcp_error' && isRecord(error) && error['code'] === MISSING_CAPABILITY) {
      return (ctx.capabilities.mcp?.features ?? []).includes('elicitation')
        ? fail(
            `${tool}: the server answered ${MISSING_CAPABILITY}: the host lists elicitation in mcp.features but did not declare it in the request's clientCapabilities`,
          )
        : inapplicable(`${tool}: mcp.features does not list elicitation, so the server never asked for input`);
    }
  }
  if (fake.latestExchange('tools/call', (x) => mine(x) && asked(x), since) === undefined) {
    return fail(
      `${tool}: the fake recorded no input_required answer to this run's call, so the row cannot see the host answer one`,
    );
  }
  if (tool === 'needs_input_loop') {
    if (out.status === 'completed') {
      return fail(
        isInputRequired(out.result)
          ? 'needs_input_loop: the pack received an InputRequiredResult'
          : 'needs_input_loop: a call whose server never completes resolved',
      );
    }
    if (out.errorCode !== 'mcp_transport')
      return fail(
        `needs_input_loop: failed with ${out.errorCode}; past the round ceiling the call MUST reject as a transport failure (mcp_transport)`,
      );
    return undefined;
  }
  if (out.status === 'failed')
    return fail(
      `needs_input: the run failed with ${out.errorCode}; the host MUST answer the round itself and resolve to the final result`,
    );
  // Whether the final result arrives unaltered is call-tool-verbatim's business; this row asks only that it is final.
  if (isInputRequired(out.result)) return fail('needs_input: the pack received an InputRequiredResult');
  return undefined;
}

export const inputRequiredNeverReturned: Row = {
  id: 'input-required-never-returned',
  rfc: '§A.3',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'callTool needs_input resolves to the final result, needs_input_loop fails with mcp_transport; neither hands the pack input_required',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    for (const tool of ['needs_input', 'needs_input_loop'] as const) {
      const verdict = await judgeTool(ctx, tool, gate.fake);
      if (verdict !== undefined) return verdict;
    }
    return pass(
      'the host answered every input_required round itself: needs_input resolved to the final result, needs_input_loop stopped at the round ceiling with mcp_transport',
    );
  },
};
