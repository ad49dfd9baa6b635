// §A.4: listTools resolves to ONE ListToolsResult page unaltered and forwards the pack's cursor.
import { isRecord } from '@openwop-spec/json';
import { TOOLS_PAGE_SIZE } from '@openwop-spec/mcp-fake-server';
import { firstDifference } from './compare.js';
import { paramsOf } from './exchanges.js';
import { completedValue, fail, isResult, mcpGate, pass } from './row.js';
import type { Row } from './row.js';

export const listToolsPage: Row = {
  id: 'list-tools-page',
  rfc: '§A.4',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: 'listTools returns the recorded first page (nextCursor kept); with that cursor, the recorded last page',
  async run(ctx) {
    const gate = mcpGate(ctx);
    if (isResult(gate)) return gate;
    const fake = gate.fake;

    // Run A: no cursor. The pack path never caches, so this run's own tools/list must be in the log.
    const sinceA = fake.exchangeCount();
    const a = completedValue(
      await ctx.host.runMcpClient({ method: 'listTools', serverId: 'conformance' }),
      'listTools without a cursor',
    );
    if (isResult(a)) return a;
    const sentA = fake.latestExchange('tools/list', (x) => !Object.hasOwn(paramsOf(x), 'cursor'), sinceA);
    if (sentA === undefined)
      return fail(
        'run A: the fake recorded no cursor-less tools/list: the host resolved something the server never sent',
      );
    const diffA = firstDifference(a.value, sentA.result);
    if (diffA !== undefined) return fail(`run A: the resolved value is not the recorded first page: ${diffA}`);
    const pageA = isRecord(a.value) ? a.value : {};
    const tools = Array.isArray(pageA['tools']) ? (pageA['tools'] as unknown[]) : [];
    if (tools.length !== TOOLS_PAGE_SIZE)
      return fail(`run A: the page holds ${tools.length} tools, the server pages ${TOOLS_PAGE_SIZE}`);
    if (!tools.some((t) => isRecord(t) && t['outputSchema'] !== undefined && t['annotations'] !== undefined)) {
      return fail('run A: no tool carries both outputSchema and annotations');
    }
    const cursor = pageA['nextCursor'];
    if (typeof cursor !== 'string') return fail('run A: the first page carries no string nextCursor');

    // Run B: the cursor from A, which the host must forward byte for byte.
    const sinceB = fake.exchangeCount();
    const b = completedValue(
      await ctx.host.runMcpClient({ method: 'listTools', serverId: 'conformance', cursor }),
      'listTools with the cursor',
    );
    if (isResult(b)) return b;
    const sentB = fake.latestExchange('tools/list', (x) => paramsOf(x)['cursor'] === cursor, sinceB);
    if (sentB === undefined) return fail("run B: the fake received no tools/list carrying the pack's cursor");
    const diffB = firstDifference(b.value, sentB.result);
    if (diffB !== undefined) return fail(`run B: the resolved value is not the recorded last page: ${diffB}`);
    if (isRecord(b.value) && Object.hasOwn(b.value, 'nextCursor'))
      return fail('run B: the last page carries a nextCursor');
    return pass('both pages deep-equal to the recorded pages, cursor forwarded');
  },
};
