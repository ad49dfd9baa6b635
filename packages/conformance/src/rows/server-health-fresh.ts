// §A.6: serverHealth answers from a server/discover probe no older than that result's ttlMs. The
// suite's server answers with ttlMs 0, so every call must be answered by a probe made during it.
import { isRecord } from '@openwop-spec/json';
import { firstDifference } from './compare.js';
import { blocked, completedValue, fail, isResult, mcpGate, pass } from './row.js';
import type { Row } from './row.js';

const CALLS = 2;

export const serverHealthFresh: Row = {
  id: 'server-health-fresh',
  rfc: '§A.6',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'with a DiscoverResult ttlMs of 0, each serverHealth call on conformance probes server/discover and reports that result',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const fake = gate.fake;
    for (let call = 1; call <= CALLS; call++) {
      const since = fake.exchangeCount();
      const done = completedValue(
        await ctx.host.runMcpClient({ method: 'serverHealth', serverId: 'conformance' }),
        `serverHealth call ${call}`,
      );
      if (isResult(done)) return done;
      const probe = fake.latestExchange('server/discover', (x) => x.result !== undefined, since);
      if (probe === undefined)
        return fail(
          `call ${call}: no server/discover reached the server during the call, yet the last DiscoverResult had ttlMs 0`,
        );
      if (!isRecord(probe.result) || probe.result['ttlMs'] !== 0)
        return blocked("the suite's server did not answer with ttlMs 0");
      const health = isRecord(done.value) ? done.value : {};
      const diff = firstDifference(health['discover'], probe.result);
      if (diff !== undefined)
        return fail(
          `call ${call}: discover is not the DiscoverResult of the probe made during the call: ${diff.replace(/^\$/, '$.discover')}`,
        );
    }
    return pass(`${CALLS} calls, each answered by its own probe`);
  },
};
