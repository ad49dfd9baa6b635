// One MCP 2026-07-28 exchange: one POST, one JSON-RPC response, no session. See RFC0204-RUNTIME §4.3.
import { McpClientError, McpErrorResponse, McpTransportFailure } from './errors.js';
import type { TransportReason } from './errors.js';
import { SseParser } from './sse.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from './wire.js';
import type { Implementation, JSONRPCError, RequestId, Result } from './wire.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_DISCOVER_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** One configured server, as the transport needs it. */
export interface ExchangeServer {
  serverId: string;
  url: string;
  /** Host-config headers only (e.g. Authorization); never from pack input. */
  headers?: Readonly<Record<string, string>>;
  /** Deadline for the whole exchange: connect, headers and the full body or stream. */
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface ExchangeContext {
  fetch: typeof fetch;
  protocolVersion: string;
  clientInfo: Implementation;
  /** A fresh id per request, MRTR retries included. */
  nextId: () => RequestId;
  onNotification?: (serverId: string, notification: unknown) => void;
}

/** Headers this client owns; a host-config header of the same name is dropped, never merged. */
const OWNED_HEADERS = new Set([
  'content-type',
  'accept',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  // 2026-07-28 has neither sessions nor resumption: these must never be sent.
  'mcp-session-id',
  'last-event-id',
]);

/** Which params member `Mcp-Name` mirrors, per method. */
const NAME_PARAM: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

const SENTINEL_PREFIX = '=?base64?';
const SENTINEL_SUFFIX = '?=';

/**
 * A header value as MCP carries it: as is when plain visible ASCII without edge spaces,
 * otherwise (or when it already looks like the sentinel) `=?base64?<UTF-8 base64>?=`.
 */
export function encodeHeaderValue(value: string): string {
  const plain =
    /^[\x20-\x7e]*$/.test(value) &&
    value.trim() === value &&
    !(value.startsWith(SENTINEL_PREFIX) && value.endsWith(SENTINEL_SUFFIX));
  return plain ? value : `${SENTINEL_PREFIX}${Buffer.from(value, 'utf8').toString('base64')}${SENTINEL_SUFFIX}`;
}

/** Builds the request headers; exported so option validation can reject bad host headers early. */
export function requestHeaders(
  server: Pick<ExchangeServer, 'headers'>,
  method: string,
  params: Readonly<Record<string, unknown>>,
  protocolVersion: string,
): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(server.headers ?? {})) {
    if (!OWNED_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  }
  headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'application/json, text/event-stream');
  headers.set('MCP-Protocol-Version', protocolVersion);
  headers.set('Mcp-Method', method);
  const nameParam = NAME_PARAM[method];
  const name = nameParam === undefined ? undefined : params[nameParam];
  if (typeof name === 'string') headers.set('Mcp-Name', encodeHeaderValue(name));
  return headers;
}

/**
 * Sends one request and resolves to the parsed `result` object itself, unaltered.
 * Rejects with McpErrorResponse (a JSON-RPC error at any HTTP status) or McpTransportFailure.
 */
export async function exchange(
  context: ExchangeContext,
  server: ExchangeServer,
  method: string,
  params: Readonly<Record<string, unknown>>,
): Promise<Result> {
  const id = context.nextId();
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id,
    method,
    params: {
      ...params,
      _meta: {
        [META_PROTOCOL_VERSION]: context.protocolVersion,
        [META_CLIENT_INFO]: context.clientInfo,
        [META_CLIENT_CAPABILITIES]: {},
      },
    },
  });
  const headers = requestHeaders(server, method, params, context.protocolVersion);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, server.timeoutMs);
  const fail = (reason: TransportReason, httpStatus?: number) =>
    new McpTransportFailure(server.serverId, reason, httpStatus);

  let response: Response | undefined;
  try {
    response = await context.fetch(server.url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: controller.signal,
    });
    return await readResponse(response, { context, server, id, fail });
  } catch (err) {
    if (err instanceof McpClientError) throw err;
    // Anything else is the network: before a response it is the connection, after it the stream.
    if (timedOut) throw fail('timeout');
    throw response === undefined ? fail('connect') : fail('stream_ended', response.status);
  } finally {
    clearTimeout(timer);
    // Closing the stream is how MCP cancels; it also frees the socket after an early final response.
    controller.abort();
  }
}

interface ReadState {
  context: ExchangeContext;
  server: ExchangeServer;
  id: RequestId;
  fail: (reason: TransportReason, httpStatus?: number) => McpTransportFailure;
}

async function readResponse(response: Response, state: ReadState): Promise<Result> {
  const { status } = response;
  const { fail } = state;
  // Redirects are refused outright (`redirect: "manual"`); their bodies are not read.
  if ((status >= 300 && status < 400) || response.type === 'opaqueredirect') {
    await discard(response);
    throw fail('redirect', status);
  }
  // A request never gets 202; any other 2xx must carry the response.
  const success = status >= 200 && status < 300 && status !== 202;
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

  if (mediaType === 'application/json') {
    const parts: string[] = [];
    await readText(response, state, (text) => {
      parts.push(text);
      return false;
    });
    let message: unknown;
    try {
      message = JSON.parse(parts.join(''));
    } catch {
      throw success ? fail('bad_json') : fail('http_status', status);
    }
    return settle(message, status, success, state);
  }

  if (mediaType === 'text/event-stream') {
    const parser = new SseParser();
    let final: unknown;
    let found = false;
    await readText(response, state, (text) => {
      for (const event of parser.push(text)) {
        if (event.event !== 'message') continue;
        let message: unknown;
        try {
          message = JSON.parse(event.data);
        } catch {
          throw success ? fail('bad_json') : fail('http_status', status);
        }
        if (isResponseFor(message, state)) {
          final = message;
          found = true;
          return true;
        }
        if (success) handleStreamMessage(message, state);
      }
      return false;
    });
    if (!found) throw success ? fail('stream_ended') : fail('http_status', status);
    return settle(final, status, success, state);
  }

  await discard(response);
  throw success ? fail('content_type', status) : fail('http_status', status);
}

/** Reads the body as text, counting bytes; `onText` returns true once it has what it needs. */
async function readText(response: Response, state: ReadState, onText: (text: string) => boolean): Promise<void> {
  const limit = state.server.maxResponseBytes;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > limit) {
    await discard(response);
    throw state.fail('too_large', response.status);
  }
  if (response.body === null) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        onText(decoder.decode());
        return;
      }
      total += value.byteLength;
      if (total > limit) throw state.fail('too_large', response.status);
      if (onText(decoder.decode(value, { stream: true }))) return;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Is this stream message the final response to our request? Errors may omit the id. */
function isResponseFor(message: unknown, state: ReadState): boolean {
  if (!isObject(message) || typeof message.method === 'string') return false;
  if (!('result' in message) && !('error' in message)) return false;
  if (message.id === state.id) return true;
  return 'error' in message && (message.id === undefined || message.id === null);
}

/** A request-scoped notification, a server request (ignored: we never answer), or a stray response. */
function handleStreamMessage(message: unknown, state: ReadState): void {
  if (!isObject(message)) throw state.fail('bad_envelope');
  if (typeof message.method === 'string') {
    if (!('id' in message) && state.context.onNotification !== undefined) {
      try {
        state.context.onNotification(state.server.serverId, message);
      } catch {
        // A listener's failure is the host's problem; it must not fail the pack's request.
      }
    }
    return;
  }
  if ('result' in message || 'error' in message) throw state.fail('id_mismatch');
  throw state.fail('bad_envelope');
}

function isJsonRpcError(value: unknown): value is JSONRPCError {
  return isObject(value) && typeof value.code === 'number' && typeof value.message === 'string';
}

/** Applies the envelope and id checks, and the classification order of §4.1. */
function settle(message: unknown, status: number, success: boolean, state: ReadState): Result {
  const { fail } = state;
  const envelope = isObject(message) && message.jsonrpc === '2.0';
  if (envelope && 'error' in message && !('result' in message) && isJsonRpcError(message.error)) {
    const { id } = message;
    if (id !== undefined && id !== null && id !== state.id) throw fail('id_mismatch', status);
    throw new McpErrorResponse(state.server.serverId, message.error, status);
  }
  if (!success) throw fail('http_status', status);
  if (!envelope || 'error' in message || !isObject(message.result)) throw fail('bad_envelope', status);
  if (message.id !== state.id) throw fail('id_mismatch', status);
  return message.result as Result;
}
