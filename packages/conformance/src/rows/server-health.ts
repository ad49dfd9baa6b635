// §A.6: serverHealth reports reachability from server/discover and never a connection state.
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '@openwop-spec/json';
import { firstDifference } from './compare.js';
import { blocked, completedValue, fail, isResult, mcpGate, pass } from './row.js';
import type { Row } from './row.js';

const SESSION_WORDS = /"(dis)?connected"/i;

export const serverHealth: Row = {
  id: 'server-health',
  rfc: '§A.6',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: 'serverHealth: conformance is reachable with the recorded DiscoverResult; conformance.down is unreachable',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const fake = gate.fake;

    const a = completedValue(
      await ctx.host.runMcpClient({ method: 'serverHealth', serverId: 'conformance' }),
      'serverHealth conformance',
    );
    if (isResult(a)) return a;
    if (SESSION_WORDS.test(JSON.stringify(a.value ?? null)))
      return fail('run A: serverHealth reports a connection state ("connected"/"disconnected")');
    const health = isRecord(a.value) ? a.value : {};
    if (health['state'] !== 'reachable')
      return fail(`run A: state is ${JSON.stringify(health['state'] ?? null)}, expected "reachable"`);
    const discover = isRecord(health['discover']) ? health['discover'] : undefined;
    if (discover === undefined) return fail('run A: no DiscoverResult is reported with the reachable state');
    if (!isDeepStrictEqual(discover['supportedVersions'], fake.protocolVersions())) {
      return fail("run A: discover.supportedVersions is not the fake's protocol versions");
    }
    // A DiscoverResult may be served from cache within its ttlMs, so any recorded discover will do.
    const sent = fake.latestExchange('server/discover', () => true);
    if (sent === undefined)
      return fail(
        'run A: the fake recorded no server/discover: the host reported a DiscoverResult the server never sent',
      );
    const diff = firstDifference(discover, sent.result);
    if (diff !== undefined) return fail(`run A: discover is not the recorded DiscoverResult: ${diff}`);

    const b = await ctx.host.runMcpClient({ method: 'serverHealth', serverId: 'conformance.down' });
    if (b.status === 'failed' && b.errorCode === 'not_found')
      return blocked('run B: the host has no conformance.down binding');
    const down = completedValue(b, 'serverHealth conformance.down (a down server is data, not a rejection)');
    if (isResult(down)) return down;
    if (SESSION_WORDS.test(JSON.stringify(down.value ?? null)))
      return fail('run B: serverHealth reports a connection state ("connected"/"disconnected")');
    const state = isRecord(down.value) ? down.value['state'] : undefined;
    if (state !== 'unreachable')
      return fail(`run B: state is ${JSON.stringify(state ?? null)}, expected "unreachable"`);
    return pass('reachable with the recorded DiscoverResult; the dead address is unreachable; no connection state');
  },
};
