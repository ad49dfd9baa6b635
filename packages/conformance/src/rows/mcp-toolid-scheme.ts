// tool-catalog.md § The descriptor: an MCP tool's toolId is `mcp:<serverId>.<name>`, and it always
// carries a title, the display name by MCP's precedence: the server's title, else its
// annotations.title, else its name (RFC 0204 Clarification 18). The fake's tools with fixed names
// must be listed under exactly those ids, titled as the fake's own definitions say; among them are
// one with a title and a differing annotations.title, one with annotations.title alone, and three
// with neither.
import { isRecord } from '@openwop-spec/json';
import { readTools, toolIdOf } from './catalog.js';
import { blocked, catalogGate, fail, inapplicable, pass } from './row.js';
import type { Row } from './row.js';

/** The fake's tools whose names are the same on every run. */
const FIXED_NAMES = ['echo', 'structured-echo', 'always-error', 'needs_input', 'needs_input_loop'] as const;

export const mcpToolIdScheme: Row = {
  id: 'mcp-toolid-scheme',
  rfc: 'Clarifications 8, 9, 18',
  advisory: false,
  majors: [2],
  needsFake: true,
  summary: "the fake's tools are listed as mcp:conformance.<name>, each titled by MCP's display-name precedence",
  async run(ctx) {
    const gate = catalogGate(ctx);
    if (gate !== undefined) return gate;
    if (!(ctx.capabilities.toolCatalog?.sources ?? []).includes('mcp'))
      return inapplicable('toolCatalog.sources does not include "mcp"');
    const read = await readTools(ctx.host);
    if ('problem' in read) return fail(read.problem);
    const mcp = read.tools.filter((d) => d['source'] === 'mcp');
    const ids = new Set(mcp.map(toolIdOf));
    // A descriptor of the tool `name` under whatever id: its toolId ends in the name after a separator.
    const named = (name: string) =>
      mcp.find((d) => {
        const id = toolIdOf(d);
        return id.endsWith(name) && /[^\w-]/.test(id.charAt(id.length - name.length - 1));
      });
    if (FIXED_NAMES.every((name) => named(name) === undefined))
      return blocked(
        'no source "mcp" descriptor names a tool of the fake: the host does not project conformance into its catalog',
      );
    for (const name of FIXED_NAMES) {
      const expected = `mcp:conformance.${name}`;
      if (ids.has(expected)) continue;
      const other = named(name);
      return fail(
        other === undefined
          ? `no descriptor lists the fake's ${name}; expected toolId ${JSON.stringify(expected)}`
          : `$.toolId is ${JSON.stringify(toolIdOf(other))}, expected ${JSON.stringify(expected)}`,
      );
    }
    const definitions = ctx.fake?.currentTools() ?? [];
    for (const name of FIXED_NAMES) {
      const d = mcp.find((t) => toolIdOf(t) === `mcp:conformance.${name}`)!;
      const tool = definitions.find((t) => t['name'] === name);
      if (tool === undefined) continue;
      const hints = isRecord(tool['annotations']) ? tool['annotations'] : {};
      const title = tool['title'] ?? hints['title'] ?? name;
      if (d['title'] === undefined)
        return fail(
          `mcp:conformance.${name}: $.title is missing; expected ${JSON.stringify(title)}: every MCP tool has a display name (the server's title, else annotations.title, else name)`,
        );
      if (d['title'] !== title)
        return fail(
          `mcp:conformance.${name}: $.title is ${JSON.stringify(d['title'])}, expected ${JSON.stringify(title)} (the server's title, else annotations.title, else name)`,
        );
    }
    return pass(`${FIXED_NAMES.length} tools of the fake, each as mcp:conformance.<name>, titled by MCP's precedence`);
  },
};
