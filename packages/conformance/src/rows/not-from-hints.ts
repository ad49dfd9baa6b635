// §D.11: a host assigns `replayPolicy` and `egress` itself and never copies them from an MCP
// server's annotations. The fake's claim tool claims idempotentHint true and openWorldHint false;
// its twin is the same tool with no annotations. Neither can have been classified by an operator
// (their names carry a fresh nonce), so a host that gives the two different values took the
// difference from the claim. Each field has its own row, so a host that copies one is caught
// whatever it does with the other.
import { claimPairs, NOT_PROJECTED, readTools, toolIdOf } from './catalog.js';
import { firstDifference } from './compare.js';
import { blocked, catalogGate, fail, inapplicable, pass } from './row.js';
import type { Row } from './row.js';

function notFromHints(id: string, field: 'replayPolicy' | 'egress', hint: string): Row {
  return {
    id,
    rfc: '§D.11',
    advisory: false,
    majors: [2],
    needsFake: true,
    invariants: ['tool-annotations-untrusted'],
    summary: `the fake's claim tool (${hint} claimed) and its twin (no annotations) are listed with the same ${field}`,
    async run(ctx) {
      const gate = catalogGate(ctx);
      if (gate !== undefined) return gate;
      if (!(ctx.capabilities.toolCatalog?.sources ?? []).includes('mcp'))
        return inapplicable('toolCatalog.sources does not include "mcp"');
      const read = await readTools(ctx.host);
      if ('problem' in read) return fail(read.problem);
      const pairs = claimPairs(read.tools);
      if (pairs.length === 0) return blocked(NOT_PROJECTED);
      for (const { claim, twin } of pairs) {
        if (twin === undefined)
          return blocked(
            `${toolIdOf(claim)} is listed without a twin (the same tool without claims), so the claim's effect cannot be isolated`,
          );
        const diff = firstDifference(claim[field], twin[field], `$.${field}`);
        if (diff !== undefined)
          return fail(
            `${toolIdOf(claim)}: ${diff}, as for its twin ${toolIdOf(twin)}, which claims nothing: the host took ${field} from the server's ${hint}`,
          );
      }
      return pass(`${pairs.length} pair(s): the claim changed no ${field}`);
    },
  };
}

export const mcpReplayNotFromHints = notFromHints('mcp-replay-not-from-hints', 'replayPolicy', 'idempotentHint');
export const mcpEgressNotFromHints = notFromHints('mcp-egress-not-from-hints', 'egress', 'openWorldHint');
