// §A.5: readResource resolves to the server's ReadResourceResult unaltered.
import { FIXTURE_RESOURCE_URI } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { paramsOf } from './exchanges.js';
import { completedValue, fail, isResult, mcpGate, pass } from './row.js';
import type { Row } from './row.js';

export const readResourceVerbatim: Row = {
  id: 'read-resource-verbatim',
  rfc: '§A.5',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: "readResource of the fake's resource resolves to the recorded ReadResourceResult, deep-equal",
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const out = await ctx.host.runMcpClient({
      method: 'readResource',
      serverId: 'conformance',
      uri: FIXTURE_RESOURCE_URI,
    });
    const done = completedValue(out, 'readResource');
    if (isResult(done)) return done;
    const sent = gate.fake.latestExchange(
      'resources/read',
      (x) => paramsOf(x)['uri'] === FIXTURE_RESOURCE_URI && x.result !== undefined,
    );
    if (sent === undefined)
      return fail(
        'the fake recorded no resources/read of the resource: the host resolved something the server never sent',
      );
    const diff = firstDifference(done.value, sent.result);
    if (diff !== undefined) return fail(`the resolved value is not the recorded ReadResourceResult: ${diff}`);
    return pass('deep-equal to the recorded ReadResourceResult');
  },
};
