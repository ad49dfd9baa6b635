// §D.11: a host never takes a tier from an MCP server's annotations; an unclassified MCP tool is
// `write`. The fake's claim tool says it is harmless (READONLY_CLAIM_ANNOTATIONS) under a name no
// operator can have classified in advance.
import { claimPairs, NOT_PROJECTED, readTools, toolIdOf } from './catalog.js';
import { blocked, catalogGate, fail, inapplicable, pass } from './row.js';
import type { Row } from './row.js';

export const mcpUnclassifiedWrite: Row = {
  id: 'mcp-unclassified-write',
  rfc: '§D.11',
  advisory: false,
  majors: [2],
  needsFake: true,
  invariants: ['tool-annotations-untrusted'],
  summary: 'the fake\'s claim tool, which claims readOnlyHint true, is listed with safetyTier "write"',
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    if (!(ctx.capabilities.toolCatalog?.sources ?? []).includes('mcp'))
      return inapplicable('toolCatalog.sources does not include "mcp"');
    const read = await readTools(ctx.host);
    if ('problem' in read) return fail(read.problem);
    const pairs = claimPairs(read.tools);
    if (pairs.length === 0) return blocked(NOT_PROJECTED);
    for (const { claim } of pairs) {
      if (claim['safetyTier'] !== 'write') {
        return fail(
          `${toolIdOf(claim)}: $.safetyTier is ${JSON.stringify(claim['safetyTier'])}, expected "write": an unclassified MCP tool is write, whatever its readOnlyHint claims`,
        );
      }
    }
    return pass(`${pairs.length} descriptor(s) of the claim tool, all "write"`);
  },
};
