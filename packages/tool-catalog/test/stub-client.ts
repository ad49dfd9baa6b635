// An in-memory stand-in for the MCP client's listToolsPage: each server is a list of pages linked by
// cursors "page:<n>", or a failure to throw. Records every call.
import type { ListToolsResult } from '@openwop-spec/mcp-client';
import type { ToolsPageSource } from '../src/project-mcp.js';

export type StubServer = { pages: unknown[][]; failOnPage?: number } | { fail: Error };

export interface StubClient extends ToolsPageSource {
  calls: { serverId: string; cursor: string | undefined; opts: { cache?: boolean } | undefined }[];
}

export function stubClient(servers: Record<string, StubServer>): StubClient {
  const calls: StubClient['calls'] = [];
  return {
    calls,
    async listToolsPage(serverId, cursor, opts) {
      calls.push({ serverId, cursor, opts });
      const server = servers[serverId];
      if (server === undefined) throw Object.assign(new Error('unknown server'), { code: 'not_found' });
      if ('fail' in server) throw server.fail;
      const index = cursor === undefined ? 0 : Number(cursor.slice('page:'.length));
      if (server.failOnPage === index + 1) {
        throw Object.assign(new Error('connection refused'), { code: 'mcp_transport', reason: 'connect' });
      }
      const tools = server.pages[index];
      if (tools === undefined)
        throw Object.assign(new Error('Invalid cursor'), {
          code: 'mcp_error',
          error: { code: -32602, message: 'Invalid cursor' },
        });
      const page = { tools, ttlMs: 60000, cacheScope: 'private', resultType: 'complete' } as unknown as ListToolsResult;
      if (index + 1 < server.pages.length) page.nextCursor = `page:${index + 1}`;
      return page;
    },
  };
}

/** An MCP tool as a server sends it. */
export const mcpTool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object', properties: {} },
  ...extra,
});
