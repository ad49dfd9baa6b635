// §B.8: v1 invokeTool MAY return `raw`; when present it is the server's CallToolResult unaltered,
// and `isError` equals `raw.isError === true`. Judged on `echo` (isError false) and `always-error`
// (isError true), so a host whose isError ignores the server's is caught either way.
import { isRecord } from '@openwop-spec/json';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, completedValue, fail, inapplicable, isResult, pass } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';

const TOOLS = ['echo', 'always-error'] as const;

/** One invokeTool run; `undefined` when raw and isError are as the server sent them. */
async function judgeTool(ctx: RowContext, tool: (typeof TOOLS)[number]): Promise<RowResult | undefined> {
  const text = ctx.nonce();
  const done = completedValue(
    await ctx.host.runV1Invoke!({ text, toolName: tool }),
    `v1 invokeTool ${tool} (a tool error is a result)`,
  );
  if (isResult(done)) return done;
  const value = isRecord(done.value) ? done.value : {};
  if (!Object.hasOwn(value, 'raw')) return inapplicable('the host returns no raw (a MAY)');
  const sent = ctx.fake!.latestExchange(
    'tools/call',
    (x) => paramsOf(x)['name'] === tool && argumentsOf(x)['text'] === text,
  );
  if (sent === undefined)
    return fail(
      `${tool}: the fake recorded no ${tool} call carrying this run's text: the host resolved something the server never sent`,
    );
  const diff = firstDifference(value['raw'], sent.result, '$.raw');
  if (diff !== undefined) return fail(`${tool}: raw is not the recorded CallToolResult: ${diff}`);
  const serverIsError = isRecord(sent.result) && sent.result['isError'] === true;
  if (value['isError'] !== serverIsError)
    return fail(
      `${tool}: $.isError is ${JSON.stringify(value['isError'])}, expected ${serverIsError} (raw.isError === true)`,
    );
  return undefined;
}

export const v1RawVerbatim: Row = {
  id: 'v1-raw-verbatim',
  rfc: '§B.8',
  advisory: false,
  majors: [1],
  needsFake: true,
  summary:
    'v1 invokeTool echo and always-error: raw deep-equals the recorded CallToolResult and isError === (raw.isError === true)',
  async run(ctx) {
    if (ctx.capabilities.mcp === undefined)
      return inapplicable('the host does not advertise mcp, so it exposes no v1 ctx.mcp.invokeTool');
    if (ctx.host.runV1Invoke === undefined) return inapplicable('the host exposes no v1 invokeTool leg');
    if (ctx.fake === undefined) return blocked('the suite fake MCP server never started');
    for (const tool of TOOLS) {
      const verdict = await judgeTool(ctx, tool);
      if (verdict !== undefined) return verdict;
    }
    return pass('raw deep-equal to the recorded CallToolResult for both tools; isError agrees with each');
  },
};
