// tool-catalog.md § Views and sessions: a host advertising compactView answers `?view=compact` with
// `{ tools }` holding exactly the standard view's toolIds (and a bare compact descriptor by id, 404
// for an unknown id), each a CompactToolDescriptor (compact-tool-descriptor.schema.json: no member
// of the standard view's beyond its own, an inputSchema only within the compact subset); any other
// view, or `compact` on a host not advertising it, is the standard view itself.
import { isRecord } from '@openwop-spec/json';
import { readTools, toolIdOf } from './catalog.js';
import { firstDifference } from './compare.js';
import { catalogGate, fail, inapplicable, pass, schemaFailure } from './row.js';
import type { Row } from './row.js';

/** A view name no host defines. */
const UNKNOWN_VIEW = 'conformance-unknown-view';

export const catalogViews: Row = {
  id: 'catalog-views',
  rfc: 'tool-catalog.md § Views and sessions',
  advisory: false,
  majors: [2],
  summary:
    '?view=compact lists exactly the standard toolIds as { tools } of compact descriptors, and serves one by id (when advertised); any other view is the standard view',
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    const standard = await readTools(ctx.host);
    if ('problem' in standard) return fail(standard.problem);
    const first = standard.tools[0];
    if (first === undefined) return inapplicable('the catalog is empty');
    const compactView = ctx.capabilities.toolCatalog?.compactView === true;
    const others = compactView ? [UNKNOWN_VIEW] : [UNKNOWN_VIEW, 'compact'];
    for (const view of others) {
      const list = await ctx.host.getTools({ view });
      const diff = firstDifference(list.body, standard.tools);
      if (list.status !== 200 || diff !== undefined)
        return fail(
          `GET /tools?view=${view} is not the standard view: ${list.status !== 200 ? `it answered ${list.status}` : diff}`,
        );
      const one = await ctx.host.getTool(toolIdOf(first), { view });
      const oneDiff = firstDifference(one.body, first);
      if (one.status !== 200 || oneDiff !== undefined)
        return fail(
          `GET /tools/{toolId}?view=${view} is not the standard descriptor: ${one.status !== 200 ? `it answered ${one.status}` : oneDiff}`,
        );
    }
    if (!compactView) return pass(`compactView is not advertised: ${others.join(' and ')} both gave the standard view`);
    const compact = await ctx.host.getTools({ view: 'compact' });
    const tools = isRecord(compact.body) && Array.isArray(compact.body['tools']) ? compact.body['tools'] : undefined;
    if (compact.status !== 200 || tools === undefined)
      return fail(
        `GET /tools?view=compact answered ${compact.status} without { tools: [...] }; expected 200 with the compact list`,
      );
    for (const [i, d] of tools.entries()) {
      const problem = ctx.schemas.check('compact-tool-descriptor', d);
      if (problem !== undefined) return fail(`GET /tools?view=compact: ${problem.replace(/^\$/, `$.tools[${i}]`)}`);
    }
    const ids = (list: readonly unknown[]) => list.map((d) => (isRecord(d) ? toolIdOf(d) : '')).sort();
    const diff = firstDifference(ids(tools), ids(standard.tools), '$.tools (toolIds, sorted)');
    if (diff !== undefined) return fail(`the compact view does not hold exactly the standard view's toolIds: ${diff}`);
    const one = await ctx.host.getTool(toolIdOf(first), { view: 'compact' });
    if (one.status !== 200 || !isRecord(one.body) || one.body['toolId'] !== toolIdOf(first))
      return fail(
        `GET /tools/{toolId}?view=compact did not answer one compact descriptor for ${JSON.stringify(toolIdOf(first))}`,
      );
    const oneShape = schemaFailure(ctx, 'compact-tool-descriptor', one.body, 'GET /tools/{toolId}?view=compact');
    if (oneShape !== undefined) return oneShape;
    const none = await ctx.host.getTool(`conformance.no-such-tool-${ctx.nonce()}`, { view: 'compact' });
    if (none.status !== 404)
      return fail(`GET /tools/{an unknown toolId}?view=compact answered ${none.status}, expected 404`);
    return pass(`the compact view holds the ${tools.length} standard toolIds; ${UNKNOWN_VIEW} is the standard view`);
  },
};
