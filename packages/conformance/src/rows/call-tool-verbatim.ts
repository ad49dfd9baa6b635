// §A.3: callTool resolves to the server's CallToolResult unaltered, `_meta` included.
import { isRecord } from '@openwop-spec/json';
import { NONCE_META_KEY } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { completedValue, fail, isResult, mcpGate, pass, schemaFailure } from './row.js';
import type { Row } from './row.js';

export const callToolVerbatim: Row = {
  id: 'call-tool-verbatim',
  rfc: '§A.3',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: 'callTool structured-echo with a fresh nonce resolves to the recorded CallToolResult, deep-equal',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const nonce = ctx.nonce();
    const out = await ctx.host.runMcpClient({
      method: 'callTool',
      serverId: 'conformance',
      name: 'structured-echo',
      arguments: { nonce },
    });
    const done = completedValue(out, 'callTool structured-echo');
    if (isResult(done)) return done;
    const sent = gate.fake.latestExchange(
      'tools/call',
      (x) => paramsOf(x)['name'] === 'structured-echo' && argumentsOf(x)['nonce'] === nonce,
    );
    if (sent === undefined)
      return fail(
        "the fake recorded no structured-echo call carrying this run's nonce: the host resolved something the server never sent",
      );
    const diff = firstDifference(done.value, sent.result);
    if (diff !== undefined) return fail(`the resolved value is not the recorded CallToolResult: ${diff}`);
    const meta = isRecord(done.value) ? done.value['_meta'] : undefined;
    if (!isRecord(meta) || meta[NONCE_META_KEY] !== nonce)
      return fail(`$._meta["${NONCE_META_KEY}"] is not this run's nonce`);
    const shape = schemaFailure(ctx, 'mcp-call-tool-result', done.value, 'the resolved CallToolResult');
    if (shape !== undefined) return shape;
    return pass('deep-equal to the recorded CallToolResult, nonce in _meta');
  },
};
