// §A.3: a tool error (`isError: true`) is a result, not a rejection.
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '@openwop-spec/json';
import { ALWAYS_ERROR_CONTENT } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { completedValue, fail, isResult, mcpGate, pass, schemaFailure } from './row.js';
import type { Row } from './row.js';

export const callToolIsErrorResolves: Row = {
  id: 'call-tool-iserror-resolves',
  rfc: '§A.3',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: 'callTool always-error completes with isError: true and the server content, deep-equal',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    // always-error ignores its arguments; the nonce only tells this run's exchange apart.
    const nonce = ctx.nonce();
    const out = await ctx.host.runMcpClient({
      method: 'callTool',
      serverId: 'conformance',
      name: 'always-error',
      arguments: { nonce },
    });
    const done = completedValue(out, 'callTool always-error (a tool error is a result, not a rejection)');
    if (isResult(done)) return done;
    const sent = gate.fake.latestExchange(
      'tools/call',
      (x) => paramsOf(x)['name'] === 'always-error' && argumentsOf(x)['nonce'] === nonce,
    );
    if (sent === undefined)
      return fail(
        "the fake recorded no always-error call carrying this run's nonce: the host resolved something the server never sent",
      );
    const value = isRecord(done.value) ? done.value : {};
    if (value['isError'] !== true) return fail(`$.isError is ${JSON.stringify(value['isError'])}, expected true`);
    if (!isDeepStrictEqual(value['content'], ALWAYS_ERROR_CONTENT))
      return fail("the resolved content is not the server's ALWAYS_ERROR_CONTENT");
    const diff = firstDifference(done.value, sent.result);
    if (diff !== undefined) return fail(`the resolved value is not the recorded CallToolResult: ${diff}`);
    const shape = schemaFailure(ctx, 'mcp-call-tool-result', done.value, 'the resolved CallToolResult');
    if (shape !== undefined) return shape;
    return pass('completed with isError: true, deep-equal to the recorded result');
  },
};
