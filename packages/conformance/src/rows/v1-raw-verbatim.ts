// §B.8: v1 invokeTool MAY return `raw`; when present it is the server's CallToolResult unaltered,
// and `isError` equals `raw.isError === true`.
import { randomBytes } from 'node:crypto';
import { isRecord } from '@openwop-spec/json';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, completedValue, fail, inapplicable, isResult, pass } from './row.js';
import type { Row } from './row.js';

export const v1RawVerbatim: Row = {
  id: 'v1-raw-verbatim',
  rfc: '§B.8',
  advisory: false,
  majors: [1],
  needsFake: true,
  summary: 'v1 invokeTool echo: raw deep-equals the recorded CallToolResult and isError === (raw.isError === true)',
  async run(ctx) {
    if (ctx.capabilities.mcp === undefined)
      return inapplicable('the host does not advertise mcp, so it exposes no v1 ctx.mcp.invokeTool');
    if (ctx.host.runV1Invoke === undefined) return inapplicable('the host exposes no v1 invokeTool leg');
    if (ctx.fake === undefined) return blocked('the suite fake MCP server never started');
    const nonce = randomBytes(8).toString('hex');
    const done = completedValue(await ctx.host.runV1Invoke({ text: nonce }), 'v1 invokeTool echo');
    if (isResult(done)) return done;
    const value = isRecord(done.value) ? done.value : {};
    if (!Object.hasOwn(value, 'raw')) return inapplicable('the host returns no raw (a MAY)');
    const sent = ctx.fake.latestExchange(
      'tools/call',
      (x) => paramsOf(x)['name'] === 'echo' && argumentsOf(x)['text'] === nonce,
    );
    if (sent === undefined)
      return fail(
        "the fake recorded no echo call carrying this run's text: the host resolved something the server never sent",
      );
    const diff = firstDifference(value['raw'], sent.result);
    if (diff !== undefined) return fail(`raw is not the recorded CallToolResult: ${diff.replace(/^\$/, '$.raw')}`);
    const serverIsError = isRecord(sent.result) && sent.result['isError'] === true;
    if (value['isError'] !== serverIsError)
      return fail(`isError is ${JSON.stringify(value['isError'] ?? null)}, expected ${serverIsError}`);
    return pass('raw deep-equal to the recorded CallToolResult; isError agrees');
  },
};
