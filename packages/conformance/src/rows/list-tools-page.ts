// §A.4: listTools resolves to ONE ListToolsResult page unaltered, forwards the pack's cursor, and
// sends tools/list for every call: a page's ttlMs and cacheScope describe it from the moment the
// server sent it, for the pack to act on, so the host never answers from a cache
// (host-services.md § mcp).
import { isRecord } from '@openwop-spec/json';
import { TOOLS_PAGE_SIZE } from '@openwop-spec/mcp-fake-server';
import type { Exchange } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { paramsOf } from './exchanges.js';
import { completedValue, fail, isResult, mcpGate, pass, schemaFailure } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';

/** One listTools call, judged against the tools/list the server answered while it ran. */
async function page(
  ctx: RowContext,
  fake: NonNullable<RowContext['fake']>,
  call: string,
  cursor: string | undefined,
): Promise<Record<string, unknown> | RowResult> {
  const since = fake.exchangeCount();
  const done = completedValue(
    await ctx.host.runMcpClient({
      method: 'listTools',
      serverId: 'conformance',
      ...(cursor === undefined ? {} : { cursor }),
    }),
    `${call}: listTools`,
  );
  if (isResult(done)) return done;
  const same = (x: Exchange) =>
    cursor === undefined ? !Object.hasOwn(paramsOf(x), 'cursor') : paramsOf(x)['cursor'] === cursor;
  const sent = fake.latestExchange('tools/list', same, since);
  if (sent === undefined) {
    return fake.latestExchange('tools/list', () => true, since) === undefined
      ? fail(
          `${call}: $ is a page the server sent before the call began; expected the answer to a tools/list sent for this call (ctx.mcp.listTools never answers from a cache)`,
        )
      : fail(
          `${call}: the tools/list sent for the call ${cursor === undefined ? 'carried a cursor the pack did not give' : "did not carry the pack's cursor"}`,
        );
  }
  const diff = firstDifference(done.value, sent.result);
  if (diff !== undefined) return fail(`${call}: the resolved value is not the recorded page: ${diff}`);
  const shape = schemaFailure(ctx, 'mcp-list-tools-result', done.value, call);
  if (shape !== undefined) return shape;
  return isRecord(done.value) ? done.value : {};
}

export const listToolsPage: Row = {
  id: 'list-tools-page',
  rfc: '§A.4',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary:
    'listTools twice without a cursor, then with the first nextCursor: each resolves to the page the server sent for that call, never merged, never from a cache',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const first = await page(ctx, gate.fake, 'call 1', undefined);
    if (isResult(first)) return first;
    const tools = Array.isArray(first['tools']) ? (first['tools'] as unknown[]) : [];
    if (tools.length !== TOOLS_PAGE_SIZE)
      return fail(`call 1: $.tools has ${tools.length} items, expected ${TOOLS_PAGE_SIZE} (the server's page size)`);
    if (!tools.some((t) => isRecord(t) && t['outputSchema'] !== undefined && t['annotations'] !== undefined)) {
      return fail('call 1: no tool carries both outputSchema and annotations');
    }
    const cursor = first['nextCursor'];
    if (typeof cursor !== 'string') return fail('call 1: $.nextCursor is missing; expected a string');
    const again = await page(ctx, gate.fake, 'call 2', undefined);
    if (isResult(again)) return again;
    const next = await page(ctx, gate.fake, 'call 3', cursor);
    if (isResult(next)) return next;
    return pass('three calls, each deep-equal to the page the server sent for it; the cursor forwarded');
  },
};
