// §A.6: serverHealth reports reachability from server/discover in a closed shape — `state`,
// `discover` (the DiscoverResult unaltered) and `reason`, nothing else — so it can report no
// connection or session state (host-services.md § mcp; mcp-server-health.schema.json).
import { isDeepStrictEqual } from 'node:util';
import { isRecord } from '@openwop-spec/json';
import { firstDifference } from './compare.js';
import { blocked, completedValue, fail, isResult, mcpGate, pass, schemaFailure } from './row.js';
import type { Row } from './row.js';

export const serverHealth: Row = {
  id: 'server-health',
  rfc: '§A.6',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'serverHealth: conformance is reachable with the recorded DiscoverResult; conformance.down is unreachable; both results hold only state, discover and reason',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const fake = gate.fake;

    const a = completedValue(
      await ctx.host.runMcpClient({ method: 'serverHealth', serverId: 'conformance' }),
      'serverHealth conformance',
    );
    if (isResult(a)) return a;
    const shapeA = schemaFailure(ctx, 'mcp-server-health', a.value, 'run A');
    if (shapeA !== undefined) return shapeA;
    const health = isRecord(a.value) ? a.value : {};
    if (health['state'] !== 'reachable')
      return fail(`run A: $.state is ${JSON.stringify(health['state'])}, expected "reachable"`);
    const discover = isRecord(health['discover']) ? health['discover'] : undefined;
    if (discover === undefined) return fail('run A: $.discover is missing; expected the DiscoverResult of the probe');
    if (!isDeepStrictEqual(discover['supportedVersions'], fake.protocolVersions())) {
      return fail("run A: $.discover.supportedVersions is not the fake's protocol versions");
    }
    // A DiscoverResult may be served from cache within its ttlMs, so any recorded discover will do.
    const sent = fake.latestExchange('server/discover', () => true);
    if (sent === undefined)
      return fail(
        'run A: the fake recorded no server/discover: the host reported a DiscoverResult the server never sent',
      );
    const diff = firstDifference(discover, sent.result, '$.discover');
    if (diff !== undefined) return fail(`run A: discover is not the recorded DiscoverResult: ${diff}`);

    const b = await ctx.host.runMcpClient({ method: 'serverHealth', serverId: 'conformance.down' });
    if (b.status === 'failed' && b.errorCode === 'not_found')
      return blocked('run B: the host has no conformance.down binding');
    const down = completedValue(b, 'serverHealth conformance.down (a down server is data, not a rejection)');
    if (isResult(down)) return down;
    const shapeB = schemaFailure(ctx, 'mcp-server-health', down.value, 'run B');
    if (shapeB !== undefined) return shapeB;
    const state = isRecord(down.value) ? down.value['state'] : undefined;
    if (state !== 'unreachable') return fail(`run B: $.state is ${JSON.stringify(state)}, expected "unreachable"`);
    return pass('reachable with the recorded DiscoverResult; the dead address is unreachable; no other member');
  },
};
