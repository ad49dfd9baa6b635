// The v1 `ctx.mcp.invokeTool` surface for packs ported from v1, built on callTool (RFC 0204 §B).
// `raw` IS the CallToolResult callTool resolved to, never rebuilt; `isError` is always a boolean.
import type { CtxMcp } from './ctx.js';
import { McpClientError, McpErrorResponse } from './errors.js';
import { INVALID_PARAMS } from './wire.js';
import type { CallToolResult } from './wire.js';

export interface V1InvokeToolRequest {
  serverId: string;
  toolName: string;
  args?: Record<string, unknown>;
  idempotencyKey: string;
}

/** v1's declared shape (`isError` and `raw` optional there); this shim always fills both. */
export interface V1InvokeToolResult {
  result: unknown;
  isError: boolean;
  raw: CallToolResult;
}

export type V1McpErrorCode =
  | 'mcp_server_not_found'
  | 'mcp_tool_not_found'
  | 'mcp_tool_invocation_failed'
  | 'mcp_server_disconnected';

/** A v1 failure; `cause` is the v2 rejection it was mapped from. */
export class McpV1Error extends Error {
  override readonly name = 'McpV1Error';
  constructor(
    readonly code: V1McpErrorCode,
    readonly serverId: string,
    override readonly cause: McpClientError,
  ) {
    super(code);
  }
}

/** v1 failure codes; `mcp_server_disconnected` is a v1 name only (2026-07-28 has no connection). */
export function v1ErrorCode(err: McpClientError): V1McpErrorCode {
  switch (err.code) {
    case 'not_found':
      return 'mcp_server_not_found';
    case 'mcp_error':
      return err instanceof McpErrorResponse && err.error.code === INVALID_PARAMS
        ? 'mcp_tool_not_found'
        : 'mcp_tool_invocation_failed';
    case 'mcp_transport':
      return 'mcp_server_disconnected';
  }
}

export interface V1Mcp {
  invokeTool(req: V1InvokeToolRequest): Promise<V1InvokeToolResult>;
}

export function createV1Mcp(mcp: Pick<CtxMcp, 'callTool'>): V1Mcp {
  return {
    async invokeTool(req) {
      let raw: CallToolResult;
      try {
        raw = await mcp.callTool({
          serverId: req.serverId,
          name: req.toolName,
          ...(req.args === undefined ? {} : { arguments: req.args }),
          idempotencyKey: req.idempotencyKey,
        });
      } catch (err) {
        if (err instanceof McpClientError) throw new McpV1Error(v1ErrorCode(err), err.serverId, err);
        throw err;
      }
      // `result` keeps its v1 meaning; `structuredContent ?? content` is this host's choice.
      return { result: raw.structuredContent ?? raw.content, isError: raw.isError === true, raw };
    },
  };
}
