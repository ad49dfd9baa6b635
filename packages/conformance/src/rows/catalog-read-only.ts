// tool-catalog.md § The catalog: GET /tools and GET /tools/{toolId} are read-only; the catalog
// describes tools and never invokes one. Every read the row makes (the list, two MCP tools by id,
// and both again in the compact view when advertised) must leave the suite's server without a
// tools/call or resources/read.
import { readTools, toolIdOf } from './catalog.js';
import { blocked, catalogGate, fail, pass } from './row.js';
import type { Row } from './row.js';

const EFFECTS = ['tools/call', 'resources/read'] as const;

export const catalogReadOnly: Row = {
  id: 'catalog-read-only',
  rfc: 'tool-catalog.md § The catalog',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: 'reading the catalog (list and by id, each view) sends no tools/call or resources/read to the suite server',
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    const fake = ctx.fake;
    if (fake === undefined) return blocked('the suite fake MCP server never started');
    const since = fake.exchangeCount();
    const views = ctx.capabilities.toolCatalog?.compactView === true ? [undefined, 'compact'] : [undefined];
    let reads = 0;
    for (const view of views) {
      const list = await ctx.host.getTools(view === undefined ? undefined : { view });
      reads++;
      if (list.status !== 200)
        return fail(`GET /tools${view === undefined ? '' : `?view=${view}`} answered ${list.status}`);
    }
    const read = await readTools(ctx.host);
    if ('problem' in read) return fail(read.problem);
    for (const d of read.tools.filter((t) => t['source'] === 'mcp').slice(0, 2)) {
      for (const view of views) {
        await ctx.host.getTool(toolIdOf(d), view === undefined ? undefined : { view });
        reads++;
      }
    }
    for (const method of EFFECTS) {
      if (fake.latestExchange(method, () => true, since) !== undefined)
        return fail(
          `the server received ${method} while the row only read the catalog; expected none: GET /tools and GET /tools/{toolId} are read-only`,
        );
    }
    return pass(`${reads + 1} catalog reads, no tool invoked`);
  },
};
