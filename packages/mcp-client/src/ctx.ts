// The pack-facing interface (RFC 0204 §A). Tool annotations, titles and
// descriptions in these results come from the MCP server: they are untrusted hints, never policy.
import type { CallToolResult, DiscoverResult, ListToolsResult, ReadResourceResult } from './wire.js';

/** Present on ctx iff the host advertises capabilities.mcp.client === true (v2). */
export interface CtxMcp {
  /** Resolves to the server's CallToolResult unaltered, also when `isError` is true. */
  callTool(req: {
    serverId: string;
    name: string;
    arguments?: Record<string, unknown>;
    idempotencyKey: string;
  }): Promise<CallToolResult>;
  /** ONE page, never merged; a pack's cursor is forwarded byte for byte. */
  listTools(req: { serverId: string; cursor?: string }): Promise<ListToolsResult>;
  readResource(req: { serverId: string; uri: string }): Promise<ReadResourceResult>;
  /** Reachability from `server/discover` (or an older revision's session); never a connection or session state. */
  serverHealth(req: { serverId: string }): Promise<McpServerHealth>;
}

export type McpServerHealthState = 'reachable' | 'unreachable' | 'incompatible';

/**
 * `discover` only when a DiscoverResult was received (a server of an initialize-era revision has
 * none); `reason` only when the state is not `reachable`. Never a connection or session state.
 */
export interface McpServerHealth {
  state: McpServerHealthState;
  discover?: DiscoverResult;
  /** Why not reachable, in a short text free of URLs, headers and request data; for `incompatible`, both revision lists. */
  reason?: string;
}
