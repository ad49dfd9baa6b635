// interop.md § Speaking to an MCP server: only two answers show a server of an earlier era, a 400,
// 404 or 405 whose body is no 2026-07-28 error, and -32601 to server/discover. A host listing an
// earlier revision falls back on either and speaks that revision with its own lifecycle and
// sessions. The suite's fake serves two such servers (2025-11-25, 2025-06-18 and 2025-03-26, with
// sessions): conformance.legacy refuses every request outside a session with 400 and -32000, and
// conformance.legacy-probe answers server/discover with -32601. A host keeps what it learned per
// server, so each server id meets its trigger first: a call on the one, a health probe on the other.
import { isRecord } from '@openwop-spec/json';
import { LEGACY_PATH, LEGACY_PROBE_PATH } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer, Invocation } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { earlierGate } from './earlier-revision.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, completedValue, fail, isResult, pass, schemaFailure } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';
import type { Outcome } from '../host-under-test.js';

/** A session server of the initialize era that answers a 2026-07-28 request with 400 and no 2026-07-28 error. */
export const LEGACY_SERVER_ID = 'conformance.legacy';
/** The same server, except that it answers server/discover with -32601. */
export const LEGACY_PROBE_SERVER_ID = 'conformance.legacy-probe';

/** The first revision whose requests carry MCP-Protocol-Version after `initialize` (its transports chapter). */
const VERSION_HEADER_SINCE = '2025-06-18';

const unbound = (out: Outcome, serverId: string): RowResult | undefined =>
  out.status === 'failed' && out.errorCode === 'not_found' ? blocked(`the host has no ${serverId} binding`) : undefined;

/** Why `call`, a request in an initialize-era session, breaks that revision's rules; undefined when it keeps them. */
function sessionProblem(fake: FakeMcpServer, call: Invocation, what: string): string | undefined {
  const id = call.headers['mcp-session-id'];
  const session = fake.legacySessions().find((s) => s.id === id && s.path === call.path);
  if (session === undefined)
    return `${what} carried no session the server assigned at initialize; expected the host to run the handshake and send its Mcp-Session-Id`;
  if (!session.initialized)
    return `${what} was sent in a ${session.revision} session the host never confirmed with notifications/initialized; the lifecycle requires it`;
  if (session.revision >= VERSION_HEADER_SINCE && call.headers['mcp-protocol-version'] !== session.revision)
    return `${what}: MCP-Protocol-Version is ${JSON.stringify(call.headers['mcp-protocol-version'] ?? null)}, expected "${session.revision}", the revision the session negotiated`;
  return undefined;
}

/** Run A: callTool echo on conformance.legacy, whose first answer is a 400 without a 2026-07-28 error. */
async function afterStatus(ctx: RowContext, fake: FakeMcpServer): Promise<RowResult | undefined> {
  const text = ctx.nonce();
  const since = fake.invocationCount();
  const out = await ctx.host.runMcpClient({
    method: 'callTool',
    serverId: LEGACY_SERVER_ID,
    name: 'echo',
    arguments: { text },
  });
  const done =
    unbound(out, LEGACY_SERVER_ID) ??
    completedValue(
      out,
      `run A: callTool echo on ${LEGACY_SERVER_ID} (a 400 without a 2026-07-28 error: the host falls back to an earlier revision)`,
    );
  if (isResult(done)) return done;
  const sent = fake.latestExchange(
    'tools/call',
    (x) => paramsOf(x)['name'] === 'echo' && argumentsOf(x)['text'] === text && x.result !== undefined,
  );
  if (sent === undefined)
    return fail(
      "run A: the fake answered no echo call carrying this run's text: the host resolved something the server never sent",
    );
  const diff = firstDifference(done.value, sent.result);
  if (diff !== undefined) return fail(`run A: the resolved value is not the recorded CallToolResult: ${diff}`);
  // The last one: the 2026-07-28 request that met the 400 carried the same text.
  const call = fake
    .invocationsSince(since)
    .filter((i) => i.path === LEGACY_PATH && i.method === 'tools/call' && argumentsOf(i)['text'] === text)
    .at(-1);
  const problem = call === undefined ? undefined : sessionProblem(fake, call, 'run A: the tools/call');
  return problem === undefined ? undefined : fail(problem);
}

/** Run B: serverHealth of conformance.legacy-probe, which answers server/discover with -32601. */
async function afterDiscover(ctx: RowContext, fake: FakeMcpServer): Promise<RowResult | undefined> {
  const since = fake.invocationCount();
  const out = await ctx.host.runMcpClient({ method: 'serverHealth', serverId: LEGACY_PROBE_SERVER_ID });
  const done =
    unbound(out, LEGACY_PROBE_SERVER_ID) ??
    completedValue(out, `run B: serverHealth of ${LEGACY_PROBE_SERVER_ID} (a state, not a rejection)`);
  if (isResult(done)) return done;
  const shape = schemaFailure(ctx, 'mcp-server-health', done.value, 'run B: the health');
  if (shape !== undefined) return shape;
  const health = isRecord(done.value) ? done.value : {};
  if (health['state'] !== 'reachable')
    return fail(
      `run B: $.state is ${JSON.stringify(health['state'])}, expected "reachable": -32601 to server/discover shows a server of an earlier era, and it completes that revision's handshake`,
    );
  const spoken = fake
    .invocationsSince(since)
    .filter((i) => i.path === LEGACY_PROBE_PATH && (i.method === 'initialize' || 'mcp-session-id' in i.headers));
  if (spoken.length === 0)
    return fail(
      'run B: reachable, yet no initialize and no request in a session reached the server during the call; the state must come from the earlier revision spoken to it',
    );
  // A session the server no longer knows gets a 404, after which the host opens a new one (the
  // revision's Session Management): only the requests after the last initialize are judged then.
  const opened = spoken.findLastIndex((i) => i.method === 'initialize');
  const inSession = spoken
    .slice(opened + 1)
    .filter((i) => i.method !== 'initialize' && i.method !== 'notifications/initialized');
  const problem =
    inSession.length === 0 ? undefined : sessionProblem(fake, inSession[0]!, `run B: the ${inSession[0]!.method}`);
  return problem === undefined ? undefined : fail(problem);
}

export const earlierEraFallback: Row = {
  id: 'earlier-era-fallback',
  rfc: 'Clarification 12',
  majors: [2],
  advisory: false,
  needsFake: true,
  summary:
    'a host listing an earlier revision falls back on a 400 without a 2026-07-28 error (callTool on conformance.legacy) and on -32601 to server/discover (serverHealth of conformance.legacy-probe), speaking that revision in a session',
  async run(ctx) {
    const gate = earlierGate(ctx);
    if (isResult(gate)) return gate;
    const verdict = (await afterStatus(ctx, gate.fake)) ?? (await afterDiscover(ctx, gate.fake));
    return (
      verdict ??
      pass(
        'fell back on both answers: the call resolved to the earlier-revision result as sent, the server read reachable, each spoken in a session the server assigned',
      )
    );
  },
};
