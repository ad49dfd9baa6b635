// host-services.md § Rejections: a host MAY follow a 307 or 308 redirect of an MCP request within
// the origin of the server's configured URL, sending it again with the same method, body and
// headers, and MUST NOT follow any other redirect, which fails the call as a transport failure.
// The suite's fake redirects from three endpoints: conformance.moved (307 to another path of its
// origin, where the fake's own server answers), conformance.moved-away (307 to the same server on
// another port: another origin) and conformance.see-other (303, which a client following it turns
// into a GET). What arrives at each target shows whether and how the host followed.
import { ELSEWHERE_PATH, LANDING_PATH } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { argumentsOf, paramsOf } from './exchanges.js';
import { blocked, detailText, fail, isResult, mcpGate, pass } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';
import type { Outcome } from '../host-under-test.js';

/** 307 to LANDING_PATH on its own origin. */
export const MOVED_SERVER_ID = 'conformance.moved';
/** 307 to ELSEWHERE_PATH on the fake's second port: another origin. */
export const MOVED_AWAY_SERVER_ID = 'conformance.moved-away';
/** 303 to LANDING_PATH on its own origin. */
export const SEE_OTHER_SERVER_ID = 'conformance.see-other';

async function call(ctx: RowContext, serverId: string, text: string): Promise<Outcome | RowResult> {
  const out = await ctx.host.runMcpClient({ method: 'callTool', serverId, name: 'echo', arguments: { text } });
  if (out.status === 'unsupported') return blocked('the host does not run the fixture');
  if (out.status === 'failed' && out.errorCode === 'not_found') return blocked(`the host has no ${serverId} binding`);
  return out;
}

/** The 307 within the origin: followed as it was sent, or not followed and failed as a transport failure. */
async function judgeMoved(ctx: RowContext, fake: FakeMcpServer): Promise<RowResult | undefined> {
  const text = ctx.nonce();
  const since = fake.arrivalCount();
  const out = await call(ctx, MOVED_SERVER_ID, text);
  if (isResult(out)) return out;
  const landed = fake.arrivalsSince(since).filter((a) => a.path === LANDING_PATH && a.origin === 'same');
  const changed = landed.find((a) => a.method !== 'POST');
  if (changed !== undefined)
    return fail(
      `${MOVED_SERVER_ID}: the host followed the 307 with a ${changed.method}; a 307 is followed with the same method, body and headers, or not at all`,
    );
  if (out.status === 'completed') {
    const sent = fake.latestExchange(
      'tools/call',
      (x) => paramsOf(x)['name'] === 'echo' && argumentsOf(x)['text'] === text && x.result !== undefined,
    );
    if (sent === undefined)
      return fail(
        `${MOVED_SERVER_ID}: the call completed, but no echo call carrying this run's text reached the redirect's target`,
      );
    const diff = firstDifference(out.result, sent.result);
    return diff === undefined
      ? undefined
      : fail(`${MOVED_SERVER_ID}: the resolved value is not the CallToolResult the redirect's target sent: ${diff}`);
  }
  if (out.status === 'failed' && out.errorCode !== 'mcp_transport')
    return fail(
      `${MOVED_SERVER_ID}: the call failed with ${out.errorCode}${detailText(out)}; a followed 307 carries the same request, and one not followed is a transport failure (mcp_transport)`,
    );
  return undefined;
}

/** A redirect the host MUST NOT follow: nothing reaches its target, and the call fails as a transport failure. */
async function judgeRefused(
  ctx: RowContext,
  fake: FakeMcpServer,
  serverId: string,
  target: { path: string; origin: 'same' | 'other' },
  why: string,
): Promise<RowResult | undefined> {
  const since = fake.arrivalCount();
  const out = await call(ctx, serverId, ctx.nonce());
  if (isResult(out)) return out;
  const followed = fake.arrivalsSince(since).find((a) => a.path === target.path && a.origin === target.origin);
  if (followed !== undefined)
    return fail(
      `${serverId}: a ${followed.method} reached the target of ${why}: the host followed it; only a 307 or 308 within the origin may be followed`,
    );
  if (out.status === 'completed')
    return fail(`${serverId}: the call completed; ${why} is not followed and fails the call as a transport failure`);
  if (out.status === 'failed' && out.errorCode !== 'mcp_transport')
    return fail(
      `${serverId}: $.code is ${JSON.stringify(out.errorCode)}, expected "mcp_transport": ${why} is not followed and fails the call as a transport failure`,
    );
  return undefined;
}

export const redirectsWithinOrigin: Row = {
  id: 'redirects-within-origin',
  rfc: '§A.2, host-services.md § Rejections',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    "callTool on conformance.moved (307, same origin) resolves to the target's result or fails with mcp_transport; on conformance.moved-away (307, another origin) and conformance.see-other (303) nothing reaches the target and the call fails with mcp_transport",
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const verdict =
      (await judgeMoved(ctx, gate.fake)) ??
      (await judgeRefused(
        ctx,
        gate.fake,
        MOVED_AWAY_SERVER_ID,
        { path: ELSEWHERE_PATH, origin: 'other' },
        'a 307 to another origin',
      )) ??
      (await judgeRefused(
        ctx,
        gate.fake,
        SEE_OTHER_SERVER_ID,
        { path: LANDING_PATH, origin: 'same' },
        'a 303 within the origin',
      ));
    return (
      verdict ??
      pass(
        'the 307 within the origin followed as sent or not at all; the 307 to another origin and the 303 not followed, each a transport failure',
      )
    );
  },
};
