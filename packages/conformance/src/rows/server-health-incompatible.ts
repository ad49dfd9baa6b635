// §A.6: a server that answers server/discover but speaks no revision the host would negotiate is
// `incompatible` — MCP's unsupported-version error (-32022) included (host-services.md § mcp) —
// never `unreachable`, and never a rejection.
import { isRecord } from '@openwop-spec/json';
import { blocked, completedValue, fail, isResult, mcpGate, pass } from './row.js';
import type { Row } from './row.js';

/** Bound to a server that speaks only a revision no current client negotiates. */
export const INCOMPATIBLE_SERVER_ID = 'conformance.incompatible';

export const serverHealthIncompatible: Row = {
  id: 'server-health-incompatible',
  rfc: '§A.6',
  advisory: false,
  majors: [2],
  summary: 'serverHealth on conformance.incompatible (a server of a revision no host negotiates) reports incompatible',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const out = await ctx.host.runMcpClient({ method: 'serverHealth', serverId: INCOMPATIBLE_SERVER_ID });
    if (out.status === 'failed' && out.errorCode === 'not_found')
      return blocked('the host has no conformance.incompatible binding');
    const done = completedValue(
      out,
      'serverHealth conformance.incompatible (an incompatible server is a state, not a rejection)',
    );
    if (isResult(done)) return done;
    const health = isRecord(done.value) ? done.value : {};
    if (health['state'] !== 'incompatible')
      return fail(`state is ${JSON.stringify(health['state'] ?? null)}, expected "incompatible"`);
    if (
      Object.hasOwn(health, 'discover') &&
      !(isRecord(health['discover']) && Array.isArray(health['discover']['supportedVersions']))
    ) {
      return fail('discover is present but is not a DiscoverResult with supportedVersions');
    }
    return pass('incompatible');
  },
};
