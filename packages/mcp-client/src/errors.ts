// The only three ways a ctx.mcp promise rejects. A tool error (`isError: true`) is a result, not
// a rejection. Messages never carry the request, its headers or the server URL (they may hold secrets).
import type { JSONRPCError } from './wire.js';

export type McpClientErrorCode = 'not_found' | 'mcp_error' | 'mcp_transport';

export abstract class McpClientError extends Error {
  abstract readonly code: McpClientErrorCode;
  constructor(
    message: string,
    readonly serverId: string,
  ) {
    super(message);
  }
}

/** serverId is not configured on this host; nothing was sent. */
export class McpServerNotFound extends McpClientError {
  readonly code = 'not_found' as const;
  override readonly name = 'McpServerNotFound';
}

/** The server answered with a JSON-RPC error; `error` deep-equals the `error` member it sent. */
export class McpErrorResponse extends McpClientError {
  readonly code = 'mcp_error' as const;
  override readonly name = 'McpErrorResponse';
  constructor(
    serverId: string,
    readonly error: JSONRPCError,
    readonly httpStatus: number,
  ) {
    super(error.message, serverId);
  }
}

export type TransportReason =
  | 'connect'
  | 'timeout'
  | 'redirect'
  | 'http_status'
  | 'content_type'
  | 'bad_json'
  | 'bad_envelope'
  | 'id_mismatch'
  | 'stream_ended'
  | 'too_large'
  | 'mrtr_rounds_exceeded'
  | 'mrtr_unsupported_input'
  | 'incompatible';

/**
 * No usable JSON-RPC response: network, HTTP, framing or size failure, or (`incompatible`) an
 * initialize-era server that offered only revisions this host does not negotiate.
 */
export class McpTransportFailure extends McpClientError {
  readonly code = 'mcp_transport' as const;
  override readonly name = 'McpTransportFailure';
  /** A 401's `WWW-Authenticate` challenge, as the server sent it, so the host can authenticate. */
  readonly wwwAuthenticate?: string;
  /** The revisions the server offered, when the reason is `incompatible`. */
  readonly supported?: readonly string[];
  constructor(
    serverId: string,
    readonly reason: TransportReason,
    readonly httpStatus?: number,
    details: { wwwAuthenticate?: string; supported?: readonly string[] } = {},
  ) {
    super(reason, serverId);
    if (details.wwwAuthenticate !== undefined) this.wwwAuthenticate = details.wwwAuthenticate;
    if (details.supported !== undefined) this.supported = details.supported;
  }
}
