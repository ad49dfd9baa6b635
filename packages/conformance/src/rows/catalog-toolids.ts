// tool-catalog.md § The descriptor and § The catalog: each toolId is unique in the catalog and
// stable, so two reads list the same set, and GET /tools/{toolId} serves a listed id (the first of
// each source: an MCP toolId carries `:` and `.`, which the path must carry too) and 404s one
// nobody listed.
import { isRecord } from '@openwop-spec/json';
import { readTools, toolIdOf } from './catalog.js';
import type { Descriptor } from './catalog.js';
import { catalogGate, fail, inapplicable, pass } from './row.js';
import type { Row, RowResult } from './row.js';

function duplicate(tools: readonly Descriptor[], read: string): RowResult | undefined {
  const first = new Map<string, number>();
  for (const [i, d] of tools.entries()) {
    const id = toolIdOf(d);
    const earlier = first.get(id);
    if (earlier !== undefined)
      return fail(
        `${read}: $[${i}].toolId is ${JSON.stringify(id)}, as is $[${earlier}].toolId; expected each toolId once`,
      );
    first.set(id, i);
  }
  return undefined;
}

export const catalogToolIds: Row = {
  id: 'catalog-toolids',
  rfc: 'tool-catalog.md § The descriptor',
  advisory: false,
  majors: [2],
  summary:
    'two GET /tools reads list the same unique toolIds; GET /tools/{toolId} serves one of each source and 404s an unknown one',
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    const a = await readTools(ctx.host);
    if ('problem' in a) return fail(a.problem);
    const b = await readTools(ctx.host);
    if ('problem' in b) return fail(b.problem);
    if (a.tools.length === 0) return inapplicable('the catalog is empty');
    for (const [tools, read] of [
      [a.tools, 'read 1'],
      [b.tools, 'read 2'],
    ] as const) {
      const dup = duplicate(tools, read);
      if (dup !== undefined) return dup;
    }
    const idsA = new Set(a.tools.map(toolIdOf));
    const idsB = new Set(b.tools.map(toolIdOf));
    const gone = [...idsA].find((id) => !idsB.has(id));
    const added = [...idsB].find((id) => !idsA.has(id));
    if (gone !== undefined || added !== undefined)
      return fail(
        `read 2 of an unchanged catalog ${gone !== undefined ? `no longer lists ${JSON.stringify(gone)}` : `lists ${JSON.stringify(added)} anew`}; expected the same toolIds (stable for a host version)`,
      );
    const firstOfSource = new Map<unknown, string>();
    for (const d of a.tools) if (!firstOfSource.has(d['source'])) firstOfSource.set(d['source'], toolIdOf(d));
    const sampled = [...firstOfSource.values()];
    for (const id of sampled) {
      const one = await ctx.host.getTool(id);
      if (one.status !== 200) return fail(`GET /tools/${encodeURIComponent(id)} answered ${one.status}, expected 200`);
      const got = isRecord(one.body) ? one.body['toolId'] : undefined;
      if (got !== id)
        return fail(
          `GET /tools/${encodeURIComponent(id)}: $.toolId is ${JSON.stringify(got)}, expected ${JSON.stringify(id)}`,
        );
    }
    const unknown = `conformance.no-such-tool-${ctx.nonce()}`;
    const none = await ctx.host.getTool(unknown);
    if (none.status !== 404) return fail(`GET /tools/{an unknown toolId} answered ${none.status}, expected 404`);
    return pass(`${idsA.size} toolIds, unique and the same in both reads; ${sampled.length} served by id`);
  },
};
