// tool-catalog.md § The catalog: the list holds only the tools the caller may invoke in its tenant,
// and GET /tools/{toolId} answers 404 alike for an unknown toolId and for one the caller may not
// see, so a caller cannot learn that another principal's tool exists; the compact view answers
// 404 for the same ids. The operator names a tool of another principal
// (OPENWOP_CROSS_PRINCIPAL_TOOL_ID); "alike" is judged on the status and on the body, with the
// requested toolId, which a body may echo, taken out of both.
import { isRecord } from '@openwop-spec/json';
import { toolIdOf } from './catalog.js';
import { firstDifference } from './compare.js';
import { catalogGate, fail, inapplicable, pass } from './row.js';
import type { Row, RowContext, RowResult } from './row.js';

/** `body` with every occurrence of `id` in its strings replaced, so a 404 that names what was asked compares alike. */
function withoutId(body: unknown, id: string): unknown {
  return JSON.parse(
    JSON.stringify(body ?? null, (_key, value: unknown) =>
      typeof value === 'string' ? value.split(id).join('<toolId>') : value,
    ),
  );
}

async function judgeView(ctx: RowContext, crossId: string, view: string | undefined): Promise<RowResult | undefined> {
  const q = view === undefined ? undefined : { view };
  const label = view === undefined ? 'GET /tools/{toolId}' : `GET /tools/{toolId}?view=${view}`;
  const cross = await ctx.host.getTool(crossId, q);
  const unknownId = `conformance.no-such-tool-${ctx.nonce()}`;
  const unknown = await ctx.host.getTool(unknownId, q);
  if (cross.status !== 404)
    return fail(
      `${label} of another principal's tool answered ${cross.status}, expected 404, as for an unknown toolId`,
    );
  if (unknown.status !== 404) return fail(`${label} of an unknown toolId answered ${unknown.status}, expected 404`);
  const diff = firstDifference(withoutId(cross.body, crossId), withoutId(unknown.body, unknownId));
  return diff === undefined
    ? undefined
    : fail(`${label}: the 404 for another principal's tool is not the 404 for an unknown one: ${diff}`);
}

export const catalogCrossPrincipal: Row = {
  id: 'catalog-cross-principal',
  rfc: 'tool-catalog.md § The catalog',
  advisory: false,
  majors: [1, 2],
  summary:
    "another principal's tool (OPENWOP_CROSS_PRINCIPAL_TOOL_ID) is not listed, and GET /tools/{toolId} answers it with the 404 an unknown toolId gets, in each view",
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    const crossId = ctx.host.crossPrincipalToolId;
    if (crossId === undefined)
      return inapplicable(
        "no tool of another principal was named (OPENWOP_CROSS_PRINCIPAL_TOOL_ID, or the suite's --cross-principal-tool-id)",
      );
    // Either major's list: the envelope is other rows' business, the membership this one's.
    const list = await ctx.host.getTools();
    if (list.status !== 200) return fail(`GET /tools answered ${list.status}`);
    const wrapped = isRecord(list.body) && Array.isArray(list.body['tools']);
    const tools: unknown[] = Array.isArray(list.body)
      ? list.body
      : wrapped
        ? (list.body as { tools: unknown[] }).tools
        : [];
    const listed = tools.findIndex((d) => isRecord(d) && toolIdOf(d) === crossId);
    if (listed !== -1)
      return fail(
        `$${wrapped ? '.tools' : ''}[${listed}].toolId is another principal's tool; expected the list to hold only the tools the caller may invoke`,
      );
    const views = ctx.capabilities.toolCatalog?.compactView === true ? [undefined, 'compact'] : [undefined];
    for (const view of views) {
      const verdict = await judgeView(ctx, crossId, view);
      if (verdict !== undefined) return verdict;
    }
    return pass(`not listed, and answered by id with the 404 of an unknown toolId (${views.length} view(s))`);
  },
};
