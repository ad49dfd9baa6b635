// §A.6: a server that answers but offers no revision the host would negotiate is `incompatible`,
// never `unreachable`, and never a rejection. Both sides of the rule: the RFC's own case, a
// server/discover that succeeds without a shared revision (reported with that DiscoverResult), and
// this project's clarification, a server/discover answered with MCP's unsupported-version error
// -32022 (reported without one; RFC 0204 Clarification 2).
import { isRecord } from '@openwop-spec/json';
import { UNSHARED_REVISION } from '@openwop-spec/mcp-fake-server';
import type { Outcome } from '../host-under-test.js';
import { firstDifference } from './compare.js';
import { blocked, completedValue, fail, isResult, mcpGate, pass, schemaFailure } from './row.js';
import type { Row, RowResult } from './row.js';

/** Bound to a server that speaks only a revision no current client negotiates, and answers server/discover with -32022. */
export const INCOMPATIBLE_SERVER_ID = 'conformance.incompatible';
/** Bound to a server whose server/discover succeeds but lists only a revision no client negotiates. */
export const UNSHARED_SERVER_ID = 'conformance.unshared';

/** The health a run resolved to, validated; or the verdict a run that did not resolve one earns. */
function healthOf(
  ctx: Parameters<Row['run']>[0],
  out: Outcome,
  serverId: string,
  run: string,
): Record<string, unknown> | RowResult {
  if (out.status === 'failed' && out.errorCode === 'not_found') return blocked(`the host has no ${serverId} binding`);
  const done = completedValue(
    out,
    `${run}: serverHealth ${serverId} (an incompatible server is a state, not a rejection)`,
  );
  if (isResult(done)) return done;
  const shape = schemaFailure(ctx, 'mcp-server-health', done.value, run);
  if (shape !== undefined) return shape;
  const health = isRecord(done.value) ? done.value : {};
  if (health['state'] !== 'incompatible')
    return fail(`${run}: $.state is ${JSON.stringify(health['state'])}, expected "incompatible"`);
  return health;
}

export const serverHealthIncompatible: Row = {
  id: 'server-health-incompatible',
  rfc: '§A.6',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'serverHealth reports incompatible for conformance.incompatible (server/discover answered -32022; no discover) and for conformance.unshared (server/discover succeeded without a shared revision; that DiscoverResult)',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;

    const a = healthOf(
      ctx,
      await ctx.host.runMcpClient({ method: 'serverHealth', serverId: INCOMPATIBLE_SERVER_ID }),
      INCOMPATIBLE_SERVER_ID,
      'run A (-32022)',
    );
    if (isResult(a)) return a;
    if (Object.hasOwn(a, 'discover'))
      return fail('run A (-32022): $.discover is present; expected absent, since the server sent no DiscoverResult');

    const since = gate.fake.exchangeCount();
    const b = healthOf(
      ctx,
      await ctx.host.runMcpClient({ method: 'serverHealth', serverId: UNSHARED_SERVER_ID }),
      UNSHARED_SERVER_ID,
      'run B (discover without a shared revision)',
    );
    if (isResult(b)) return b;
    const sent = gate.fake.latestExchange(
      'server/discover',
      (x) =>
        isRecord(x.result) &&
        Array.isArray(x.result['supportedVersions']) &&
        x.result['supportedVersions'].includes(UNSHARED_REVISION),
      since,
    );
    if (sent === undefined)
      return fail(
        'run B (discover without a shared revision): no server/discover reached the server during the call, yet its DiscoverResult has ttlMs 0',
      );
    const diff = firstDifference(b['discover'], sent.result, '$.discover');
    if (diff !== undefined)
      return fail(`run B (discover without a shared revision): discover is not the recorded DiscoverResult: ${diff}`);
    return pass(
      'incompatible for both: without discover after -32022, with the recorded DiscoverResult after a successful probe',
    );
  },
};
