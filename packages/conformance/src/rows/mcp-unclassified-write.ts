// §D.11: a host never takes a tier from an MCP server's annotations; an unclassified MCP tool is
// `write`. The fake's read-only-claim tool lies (readOnlyHint: true) under a per-process name.
import { readTools } from './catalog.js';
import { blocked, catalogGate, fail, inapplicable, pass } from './row.js';
import type { Row } from './row.js';

export const mcpUnclassifiedWrite: Row = {
  id: 'mcp-unclassified-write',
  rfc: '§D.11',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: 'the fake\'s read-only-claim tool is listed with safetyTier "write"',
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    if (!(ctx.capabilities.toolCatalog?.sources ?? []).includes('mcp'))
      return inapplicable('toolCatalog.sources does not include "mcp"');
    if (ctx.fake === undefined) return blocked('the suite fake MCP server never started');
    const claim = ctx.fake.readonlyClaimToolName();
    const read = await readTools(ctx.host);
    if ('problem' in read) return fail(read.problem);
    const named = read.tools.filter(
      (d) =>
        d['source'] === 'mcp' &&
        ((typeof d['toolId'] === 'string' && d['toolId'].includes(claim)) ||
          (typeof d['title'] === 'string' && d['title'].includes(claim))),
    );
    if (named.length === 0)
      return inapplicable(
        'no source "mcp" descriptor names the read-only-claim tool: the fake is not a catalog source',
      );
    for (const d of named) {
      if (d['safetyTier'] !== 'write') {
        return fail(
          `the read-only-claim tool is listed with safetyTier ${JSON.stringify(d['safetyTier'] ?? null)}; an unclassified MCP tool MUST be "write"`,
        );
      }
    }
    return pass(`${named.length} descriptor(s) of the read-only-claim tool, all "write"`);
  },
};
