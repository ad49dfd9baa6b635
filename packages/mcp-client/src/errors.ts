// The only three ways a ctx.mcp promise rejects. A tool error (`isError: true`) is a result, not
// a rejection. Messages name the method, the server id, the HTTP status and the deadline, so a log
// line alone says what failed where; they never carry the request, its headers or the server URL
// (they may hold secrets), and the server's own text only quoted and shortened.
import { shortList, shortText } from './short.js';
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
  /** The JSON-RPC method of the request the error answered, when known. */
  readonly method?: string;
  constructor(
    serverId: string,
    readonly error: JSONRPCError,
    readonly httpStatus: number,
    details: { method?: string } = {},
  ) {
    super(
      `${subject(serverId, details.method)} was answered with JSON-RPC error ${String(error.code)} (HTTP ${String(httpStatus)}): ${shortText(error.message)}`,
      serverId,
    );
    if (details.method !== undefined) this.method = details.method;
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
  | 'interrupted'
  | 'too_large'
  | 'mrtr_rounds_exceeded'
  | 'mrtr_unsupported_input'
  | 'incompatible';

/** What each reason means, in the words a message uses. */
const MEANING: Record<TransportReason, string> = {
  connect: 'the server could not be reached; nothing was sent',
  timeout: 'no complete response before the deadline',
  redirect: 'a redirect this client does not follow',
  http_status: 'the HTTP status carries no JSON-RPC response',
  content_type: 'the response is neither application/json nor text/event-stream',
  bad_json: 'the response is not valid JSON',
  bad_envelope: 'the response is not a JSON-RPC 2.0 response',
  id_mismatch: 'the response answers another request id',
  interrupted:
    'the connection or the response stream broke after the request was sent, before its response arrived; the request may have been delivered',
  too_large: 'the response exceeds the size limit',
  mrtr_rounds_exceeded: 'the server asked for input more rounds than the ceiling allows',
  mrtr_unsupported_input: 'the server asked for input other than an elicitation',
  incompatible: 'the server offers no revision this host negotiates',
};

export interface TransportFailureDetails {
  /** The JSON-RPC method of the request that failed. */
  method?: string;
  /** The deadline the exchange ran under, in milliseconds. */
  timeoutMs?: number;
  /** Says more precisely what happened than the reason's meaning (fixed text, never the server's). */
  detail?: string;
  wwwAuthenticate?: string;
  supported?: readonly string[];
}

/**
 * No usable JSON-RPC response: network, HTTP, framing or size failure, or (`incompatible`) an
 * initialize-era server that offered only revisions this host does not negotiate.
 */
export class McpTransportFailure extends McpClientError {
  readonly code = 'mcp_transport' as const;
  override readonly name = 'McpTransportFailure';
  /** The JSON-RPC method of the request that failed, when known. */
  readonly method?: string;
  /** The deadline the exchange ran under, in milliseconds, when known. */
  readonly timeoutMs?: number;
  /** A 401's `WWW-Authenticate` challenge, as the server sent it, so the host can authenticate. */
  readonly wwwAuthenticate?: string;
  /** The revisions the server offered, when the reason is `incompatible`. */
  readonly supported?: readonly string[];
  constructor(
    serverId: string,
    readonly reason: TransportReason,
    readonly httpStatus?: number,
    details: TransportFailureDetails = {},
  ) {
    const status = httpStatus === undefined ? '' : ` (HTTP ${String(httpStatus)})`;
    const offered = details.supported === undefined ? '' : ` (it offers ${shortList(details.supported)})`;
    const deadline = details.timeoutMs === undefined ? '' : `; deadline ${String(details.timeoutMs)} ms`;
    super(
      `${subject(serverId, details.method)} failed: ${reason}${status}: ${details.detail ?? MEANING[reason]}${offered}${deadline}`,
      serverId,
    );
    if (details.method !== undefined) this.method = details.method;
    if (details.timeoutMs !== undefined) this.timeoutMs = details.timeoutMs;
    if (details.wwwAuthenticate !== undefined) this.wwwAuthenticate = details.wwwAuthenticate;
    if (details.supported !== undefined) this.supported = details.supported;
  }
}

const subject = (serverId: string, method: string | undefined) =>
  `${method ?? 'a request'} to MCP server ${JSON.stringify(serverId)}`;
