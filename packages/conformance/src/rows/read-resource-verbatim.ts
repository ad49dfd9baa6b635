// §A.5: readResource resolves to the server's ReadResourceResult unaltered, and sends
// resources/read for every call: like a tools/list page, the result's ttlMs and cacheScope are for
// the pack, so the host never answers from a cache (host-services.md § mcp).
import { FIXTURE_RESOURCE_URI } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { paramsOf } from './exchanges.js';
import { completedValue, fail, isResult, mcpGate, pass, schemaFailure } from './row.js';
import type { Row } from './row.js';

const CALLS = 2;

export const readResourceVerbatim: Row = {
  id: 'read-resource-verbatim',
  rfc: '§A.5',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    "readResource of the fake's resource, twice: each resolves to the ReadResourceResult the server sent for that call, deep-equal",
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    for (let call = 1; call <= CALLS; call++) {
      const since = gate.fake.exchangeCount();
      const out = await ctx.host.runMcpClient({
        method: 'readResource',
        serverId: 'conformance',
        uri: FIXTURE_RESOURCE_URI,
      });
      const done = completedValue(out, `call ${call}: readResource`);
      if (isResult(done)) return done;
      const sent = gate.fake.latestExchange(
        'resources/read',
        (x) => paramsOf(x)['uri'] === FIXTURE_RESOURCE_URI && x.result !== undefined,
        since,
      );
      if (sent === undefined)
        return fail(
          `call ${call}: no resources/read of the resource reached the server during the call; expected the answer to one sent for this call (ctx.mcp.readResource never answers from a cache)`,
        );
      const diff = firstDifference(done.value, sent.result);
      if (diff !== undefined)
        return fail(`call ${call}: the resolved value is not the recorded ReadResourceResult: ${diff}`);
      const shape = schemaFailure(ctx, 'mcp-read-resource-result', done.value, `call ${call}`);
      if (shape !== undefined) return shape;
    }
    return pass(`${CALLS} calls, each deep-equal to the ReadResourceResult the server sent for it`);
  },
};
