// Mutants on the CtxMcp handed to the v2 fixture node (rows call-tool-verbatim,
// call-tool-iserror-resolves, list-tools-page, server-health, reject-unknown-server and the two
// earlier-revision rows). The catalog
// reads through listToolsPage and the v1 leg through its own adapter, so none of these reach them.
import { INTERNAL_ERROR, McpErrorResponse } from '@openwop-spec/mcp-client';
import type { CallToolResult, CtxMcp, ListToolsResult, McpServerHealth } from '@openwop-spec/mcp-client';
import { withHostSeams } from '../seams.js';
import { decorateCtx } from './mutant.js';
import type { Mutant } from './mutant.js';

function onCtx(id: string, row: string, description: string, patch: (mcp: CtxMcp) => Partial<CtxMcp>): Mutant {
  return {
    id,
    row,
    seam: 'ctx.mcp',
    description,
    wrap: (factory) => withHostSeams(factory, { ctxMcp: (mcp) => decorateCtx(mcp, patch(mcp)) }, id),
  };
}

/**
 * Alters a successful callTool result of the `conformance` server. Scoped to `isError !== true`
 * (§7.2): the always-error result carries `_meta` too, and these mutants belong to
 * call-tool-verbatim alone; the earlier-revision server's results have a row of their own.
 */
function alterSuccess(id: string, description: string, alter: (r: CallToolResult) => unknown): Mutant {
  return onCtx(id, 'call-tool-verbatim', description, (mcp) => ({
    async callTool(req) {
      const r = await mcp.callTool(req);
      return r.isError === true || req.serverId !== 'conformance' ? r : (alter(r) as CallToolResult);
    },
  }));
}

const without = <T extends object>(value: T, key: string): T => {
  const copy = { ...value } as Record<string, unknown>;
  delete copy[key];
  return copy as T;
};

export const PACK_PATH_MUTANTS: readonly Mutant[] = [
  alterSuccess('M-rewrap', 'resolves { result: structuredContent }', (r) => ({ result: r.structuredContent })),
  alterSuccess('M-strip-meta', 'drops _meta from the result', (r) => without(r, '_meta')),
  alterSuccess('M-drop-resulttype', 'drops resultType from the result', (r) => without(r, 'resultType')),
  alterSuccess('M-default-iserror', 'adds isError: false when the server sent none', (r) => ({ isError: false, ...r })),
  onCtx('M-throw-on-iserror', 'call-tool-iserror-resolves', 'rejects when the result has isError: true', (mcp) => ({
    async callTool(req) {
      const r = await mcp.callTool(req);
      if (r.isError === true) throw new McpErrorResponse(req.serverId, { code: INTERNAL_ERROR, message: 'tool error' }, 200);
      return r;
    },
  })),
  onCtx('M-merge-pages', 'list-tools-page', 'follows nextCursor and returns every tool with no cursor', (mcp) => ({
    async listTools(req) {
      if (req.cursor !== undefined) return mcp.listTools(req);
      const first = await mcp.listTools(req);
      const tools = [...first.tools];
      let cursor = first.nextCursor;
      while (typeof cursor === 'string') {
        const next: ListToolsResult = await mcp.listTools({ serverId: req.serverId, cursor });
        tools.push(...next.tools);
        cursor = next.nextCursor;
      }
      return { ...without(first, 'nextCursor'), tools };
    },
  })),
  onCtx('M-drop-cursor', 'list-tools-page', 'never forwards the pack\'s cursor', (mcp) => ({
    listTools: (req) => mcp.listTools({ serverId: req.serverId }),
  })),
  onCtx('M-drop-annotations', 'list-tools-page', 'strips annotations from every listed tool', (mcp) => ({
    async listTools(req) {
      const page = await mcp.listTools(req);
      return { ...page, tools: page.tools.map((t) => without(t, 'annotations')) };
    },
  })),
  onCtx('M-connected', 'server-health', 'adds status: "connected"', (mcp) => ({
    async serverHealth(req) {
      return { ...(await mcp.serverHealth(req)), status: 'connected' } as McpServerHealth;
    },
  })),
  onCtx('M-always-reachable', 'server-health', 'reports reachable without probing', () => ({
    serverHealth: async () => ({ state: 'reachable' }),
  })),
  onCtx('M-write-resulttype', 'earlier-revision-unaltered', 'writes resultType: "complete" into a result that has none', (mcp) => ({
    async callTool(req) {
      const r = await mcp.callTool(req);
      return Object.hasOwn(r, 'resultType') ? r : ({ ...(r as object), resultType: 'complete' } as CallToolResult);
    },
  })),
  onCtx('M-discover-only-health', 'earlier-revision-health', 'reports unreachable when no DiscoverResult came (no older-revision health)', (mcp) => ({
    async serverHealth(req) {
      const health = await mcp.serverHealth(req);
      return health.discover === undefined ? { state: 'unreachable' } : health;
    },
  })),
  onCtx('M-undefined-unknown', 'reject-unknown-server', 'resolves undefined for an unknown serverId', (mcp) => ({
    async callTool(req) {
      try {
        return await mcp.callTool(req);
      } catch (err) {
        if ((err as { code?: unknown }).code === 'not_found') return undefined as unknown as CallToolResult;
        throw err;
      }
    },
  })),
];
