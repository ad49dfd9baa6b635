// One MCP request over Streamable HTTP: one POST, one JSON-RPC response. At 2026-07-28 each POST
// stands alone; at an initialize-era revision (2025-11-25 and earlier) the
// POST carries the session the handshake assigned, and a broken event stream is resumed with GET
// and `Last-Event-ID` (transports chapter of each revision, "Resumability and Redelivery").
import { isRecord } from '@openwop-spec/json';
import { McpClientError, McpErrorResponse, McpTransportFailure } from './errors.js';
import type { TransportReason } from './errors.js';
import { SseEventTooLarge, SseParser } from './sse.js';
import {
  LATEST_PROTOCOL_VERSION,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  METHOD_NOT_FOUND,
} from './wire.js';
import type { ClientCapabilities, Implementation, JSONRPCError, RequestId, Result } from './wire.js';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_DISCOVER_TIMEOUT_MS = 5_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Wait before resuming a broken stream when the server sent no `retry` field. */
export const DEFAULT_RETRY_MS = 1_000;
/** Resumptions in a row that bring no new event before the stream counts as ended. */
export const MAX_IDLE_RESUMPTIONS = 8;

/** One configured server, as the transport needs it. */
export interface ExchangeServer {
  serverId: string;
  url: string;
  /** Host-config headers only (e.g. Authorization); never from pack input. */
  headers?: Readonly<Record<string, string>>;
  /** Deadline for the whole exchange: connect, headers and the full body or stream, resumptions included. */
  timeoutMs: number;
  /** A JSON body's size; for an event stream, one event's (the stream itself is bounded by the deadline). */
  maxResponseBytes: number;
}

export interface ExchangeContext {
  fetch: typeof fetch;
  clientInfo: Implementation;
  /** Declared on every 2026-07-28 request (the initialize-era handshake declares none); `{}` when absent. */
  clientCapabilities?: ClientCapabilities;
  /** A fresh id per request, MRTR retries included. */
  nextId: () => RequestId;
  onNotification?: (serverId: string, notification: unknown) => void;
}

/** How a request is framed: at 2026-07-28, or at an initialize-era revision inside its session. */
export interface Framing {
  revision: string;
  /** Initialize-era: no `_meta` keys or `Mcp-Method`/`Mcp-Name`; a session id; resumable streams. */
  legacy: boolean;
  /** The `Mcp-Session-Id` the server assigned at initialization, if it assigned one. */
  sessionId?: string;
}

/** Initialize-era revisions are the ISO dates before 2026-07-28. */
export const isLegacyRevision = (revision: string): boolean => revision < LATEST_PROTOCOL_VERSION;

export const modernFraming = (revision: string = LATEST_PROTOCOL_VERSION): Framing => ({ revision, legacy: false });

/** Headers this client owns; a host-config header of the same name is dropped, never merged. */
const OWNED_HEADERS = new Set([
  'content-type',
  'accept',
  'mcp-protocol-version',
  'mcp-method',
  'mcp-name',
  'mcp-session-id',
  'last-event-id',
]);

/**
 * Requests that change nothing on the server. A kept-alive connection that the server closes on its
 * idle timer just as a request goes out (the request was written, but this process, busy, had not
 * yet seen the close) resets before any answer; such a request is sent once more, as HTTP clients
 * retry idempotent requests (RFC 9110 §9.2.2, RFC 9112 §9.3.1); the broken connection is gone. Without it
 * a live server would look down for one call, and the tool catalog would skip it for one read.
 * `tools/call` is never sent again: it may have taken effect.
 */
const READ_METHODS = new Set([
  'server/discover',
  'ping',
  'tools/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
]);
/** undici's codes for a connection that broke before any response: reset, broken pipe, closed by the peer. */
const CONNECTION_RESETS = new Set<unknown>(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
/**
 * Failures of making the connection, which come before any byte of the request is written: the only
 * ones reported as `connect`, which tells the host nothing was sent. Anything else that breaks before
 * the response is complete is `interrupted`, since the request may have been delivered.
 */
const CONNECT_FAILURES = new Set<unknown>([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** Redirects one request follows (307 and 308 within the server's origin) before it fails `redirect`. */
export const MAX_REDIRECTS = 5;

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

function baseHeaders(server: Pick<ExchangeServer, 'headers'>, framing: Framing, method: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(server.headers ?? {})) {
    if (!OWNED_HEADERS.has(name.toLowerCase())) headers.set(name, value);
  }
  // 2025-03-26 defines no version header; later initialize-era revisions send the negotiated one
  // on every request after `initialize` ("Protocol Version Header").
  if (!framing.legacy || (framing.revision >= '2025-06-18' && method !== 'initialize')) {
    headers.set('MCP-Protocol-Version', framing.revision);
  }
  if (framing.sessionId !== undefined) headers.set('Mcp-Session-Id', framing.sessionId);
  return headers;
}

/** Builds the POST headers; exported so option validation can reject bad host headers early. */
export function requestHeaders(
  server: Pick<ExchangeServer, 'headers'>,
  method: string,
  params: Readonly<Record<string, unknown>>,
  framing: Framing = modernFraming(),
): Headers {
  const headers = baseHeaders(server, framing, method);
  headers.set('Content-Type', 'application/json');
  headers.set('Accept', 'application/json, text/event-stream');
  if (!framing.legacy) {
    headers.set('Mcp-Method', method);
    const nameParam = NAME_PARAM[method];
    const name = nameParam === undefined ? undefined : params[nameParam];
    if (typeof name === 'string') headers.set('Mcp-Name', encodeHeaderValue(name));
  }
  return headers;
}

/** What one request came back with. */
export interface Reply {
  result: Result;
  /** The response's `Mcp-Session-Id` header (the handshake reads it from the `initialize` reply). */
  sessionId: string | undefined;
}

type Fail = (reason: TransportReason, response?: Response, detail?: string) => McpTransportFailure;

/** What an exchange's steps share: its deadline's signal, and what it has seen so far. */
interface Deadline {
  signal: AbortSignal;
  fail: Fail;
  /** Remembers the response being read, so a break while reading it is reported with its status. */
  track: (response: Response) => Response;
  /** Records that a request reached the server, even without a usable answer: no later failure is `connect`. */
  reached: () => void;
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
  framing: Framing = modernFraming(),
): Promise<Result> {
  return (await send(context, server, method, params, framing)).result;
}

export async function send(
  context: ExchangeContext,
  server: ExchangeServer,
  method: string,
  params: Readonly<Record<string, unknown>>,
  framing: Framing,
): Promise<Reply> {
  const id = context.nextId();
  const sent = framing.legacy
    ? params
    : {
        ...params,
        _meta: {
          [META_PROTOCOL_VERSION]: framing.revision,
          [META_CLIENT_INFO]: context.clientInfo,
          [META_CLIENT_CAPABILITIES]: context.clientCapabilities ?? {},
        },
      };
  const body = JSON.stringify({ jsonrpc: '2.0', id, method, params: sent });
  const headers = requestHeaders(server, method, params, framing);
  return withDeadline(server, method, async (deadline) => {
    const { signal, fail, track } = deadline;
    const post = (): Promise<Response> => follow(context, server, { method: 'POST', headers, body }, deadline);
    let response = track(
      await post().catch((err: unknown) => {
        if (signal.aborted || !READ_METHODS.has(method) || !CONNECTION_RESETS.has(causeCode(err))) throw err;
        deadline.reached();
        return post();
      }),
    );
    const sessionId = response.headers.get('mcp-session-id') ?? undefined;
    const state: ReadState = {
      context,
      server,
      framing,
      method,
      id,
      deadline,
      sessionId,
      parser: new SseParser(server.maxResponseBytes),
    };
    let idle = 0;
    for (;;) {
      const lastEventId = state.parser.lastEventId;
      const result = await readResponse(response, state).catch((err: unknown): typeof ENDED => {
        // A network break mid-stream ends the stream; only an initialize-era stream can be resumed.
        if (err instanceof McpClientError || signal.aborted || !framing.legacy) throw err;
        return ENDED;
      });
      if (result !== ENDED) return { result, sessionId };
      idle = state.parser.lastEventId === lastEventId ? idle + 1 : 0;
      // Resumable only when the server gave the stream an event id (2025-11-25 primes one at once).
      if (!framing.legacy || state.parser.lastEventId === '' || idle > MAX_IDLE_RESUMPTIONS) {
        throw fail(
          'interrupted',
          response,
          'the response stream ended before the response; the request may have been delivered',
        );
      }
      await delay(state.parser.retry ?? DEFAULT_RETRY_MS, signal);
      const resume = baseHeaders(server, framing, method);
      resume.set('Accept', 'text/event-stream');
      resume.set('Last-Event-ID', state.parser.lastEventId);
      response = track(await follow(context, server, { method: 'GET', headers: resume }, deadline));
      const { lastEventId: kept, retry } = state.parser;
      state.parser = new SseParser(server.maxResponseBytes);
      state.parser.lastEventId = kept;
      state.parser.retry = retry;
    }
  }).catch((err: unknown) => {
    // Before 2026-07-28 a dropped connection is not a cancellation: say so, so the server can stop
    // (lifecycle chapter, "Timeouts"; utilities/cancellation). Best effort, never awaited.
    if (framing.legacy && err instanceof McpTransportFailure && err.reason === 'timeout' && method !== 'initialize') {
      notify(context, server, 'notifications/cancelled', { requestId: id, reason: 'timeout' }, framing).catch(
        () => undefined,
      );
    }
    throw err;
  });
}

/** Sends a notification; resolves once the server accepted it (202, or any 2xx). */
export async function notify(
  context: ExchangeContext,
  server: ExchangeServer,
  method: string,
  params: Readonly<Record<string, unknown>> | undefined,
  framing: Framing,
): Promise<void> {
  const body = JSON.stringify(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  const headers = requestHeaders(server, method, params ?? {}, framing);
  await withDeadline(server, method, async (deadline) => {
    const response = deadline.track(await follow(context, server, { method: 'POST', headers, body }, deadline));
    await acknowledged(response, server, method, deadline.fail);
  });
}

/** Ends an initialize-era session (`DELETE` with its id); a 405 means the server keeps sessions itself. */
export async function endSession(context: ExchangeContext, server: ExchangeServer, framing: Framing): Promise<void> {
  const headers = baseHeaders(server, framing, 'DELETE');
  await withDeadline(server, 'DELETE', async (deadline) => {
    const response = deadline.track(await follow(context, server, { method: 'DELETE', headers }, deadline));
    if (response.status === 405) return discard(response);
    await acknowledged(response, server, 'DELETE', deadline.fail);
  });
}

async function acknowledged(response: Response, server: ExchangeServer, method: string, fail: Fail): Promise<void> {
  if (response.status >= 200 && response.status < 300) return discard(response);
  const message =
    mediaType(response) === 'application/json'
      ? await readJson(response, server, fail).catch(() => undefined)
      : undefined;
  await discard(response);
  if (isRecord(message) && isJsonRpcError(message.error))
    throw new McpErrorResponse(server.serverId, message.error, response.status, { method });
  throw isRedirect(response) ? refusedRedirect(response, fail) : fail('http_status', response);
}

/**
 * One HTTP request to the server, following its redirects as RFC 9110 (§15.4.8, §15.4.9) says a
 * 307 or 308 may be followed: same method, same body, same headers, to the `Location` resolved
 * against the URL that answered. Only within the server's origin (scheme, host and port unchanged,
 * so never to another host and never from https to http) and at most MAX_REDIRECTS times: the
 * host-config headers (Authorization) and the session id go only where the host sent them. Any
 * other redirect is returned as is, and fails `redirect` where it is read.
 */
async function follow(
  context: ExchangeContext,
  server: ExchangeServer,
  init: { method: string; headers: Headers; body?: string },
  deadline: Deadline,
): Promise<Response> {
  const { signal, fail } = deadline;
  const origin = new URL(server.url).origin;
  let url = server.url;
  for (let hops = 0; ; hops++) {
    const response = await context.fetch(url, { ...init, redirect: 'manual', signal });
    if (response.status !== 307 && response.status !== 308) return response;
    deadline.reached();
    await discard(response);
    const location = response.headers.get('location');
    const target = location === null || !URL.canParse(location, url) ? undefined : new URL(location, url);
    if (target === undefined) throw fail('redirect', response, 'the redirect names no usable Location');
    if (target.origin !== origin || target.username !== '' || target.password !== '')
      throw fail('redirect', response, "the redirect leads out of the server's origin; not followed");
    if (hops === MAX_REDIRECTS)
      throw fail('redirect', response, `more than ${String(MAX_REDIRECTS)} redirects; not followed`);
    url = target.href;
  }
}

/** A redirect `follow` returned unfollowed: any status but 307 and 308, which may turn the POST into a GET. */
const refusedRedirect = (response: Response, fail: Fail) =>
  fail('redirect', response, "only 307 and 308 redirects within the server's origin are followed");

/**
 * Answers a request the server sent on a response stream (initialize-era revisions only: at
 * 2026-07-28 a server sends none and a client MUST NOT send responses). This client declares no
 * capabilities, so `ping` gets its empty result and every other method (sampling, elicitation,
 * roots, …) JSON-RPC -32601: a server waiting on its answer goes on to the call's response instead
 * of holding it until the deadline. The answer is a POST of its own, as each older revision's
 * transport sends every client message ("Sending Messages to the Server"), in the session and
 * under the call's deadline; it is best effort: the call still ends with its own response.
 */
function answer(request: Record<string, unknown>, state: ReadState): void {
  const { id } = request;
  if (!state.framing.legacy || (typeof id !== 'string' && typeof id !== 'number')) return;
  const reply =
    request.method === 'ping'
      ? { jsonrpc: '2.0', id, result: {} }
      : { jsonrpc: '2.0', id, error: { code: METHOD_NOT_FOUND, message: 'Method not found' } };
  // A request on the initialize stream comes before the session id is known: the reply carries it.
  const framing =
    state.framing.sessionId === undefined && state.sessionId !== undefined
      ? { ...state.framing, sessionId: state.sessionId }
      : state.framing;
  const headers = requestHeaders(state.server, state.method, {}, framing);
  void follow(state.context, state.server, { method: 'POST', headers, body: JSON.stringify(reply) }, state.deadline)
    .then(discard)
    .catch(() => undefined);
}

/**
 * Runs `body` under the server's deadline and maps what escapes to a transport reason: `connect`
 * only for a failure known to come before the request was written (refused, name not resolved,
 * host unreachable, connect timeout), and only if no earlier attempt of this exchange reached the
 * server; any other break before the response is complete is `interrupted`: the request may have
 * been delivered.
 */
async function withDeadline<T>(
  server: ExchangeServer,
  method: string,
  body: (deadline: Deadline) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), server.timeoutMs);
  const seen: { last?: Response; reached: boolean } = { reached: false };
  const fail: Fail = (reason, response, detail) => failure(server, method, reason, response, detail);
  try {
    return await body({
      signal: controller.signal,
      fail,
      track: (response) => (seen.last = response),
      reached: () => void (seen.reached = true),
    });
  } catch (err) {
    if (err instanceof McpClientError) throw err;
    if (controller.signal.aborted) throw fail('timeout');
    const code = causeCode(err);
    // undici refuses a response whose header block passes its limit before handing it over.
    if (code === 'UND_ERR_HEADERS_OVERFLOW') throw fail('too_large');
    if (seen.last === undefined && !seen.reached && CONNECT_FAILURES.has(code)) throw fail('connect');
    throw fail('interrupted', seen.last);
  } finally {
    clearTimeout(timer);
    // Closing the stream is how 2026-07-28 cancels; it also frees the socket after an early final response.
    controller.abort();
  }
}

function failure(
  server: ExchangeServer,
  method: string,
  reason: TransportReason,
  response?: Response,
  detail?: string,
): McpTransportFailure {
  // A 401's challenge tells the host how to authenticate; it is the server's text, never ours.
  const challenge = response?.status === 401 ? response.headers.get('www-authenticate') : null;
  return new McpTransportFailure(server.serverId, reason, response?.status, {
    method,
    timeoutMs: server.timeoutMs,
    ...(detail === undefined ? {} : { detail }),
    ...(challenge === null ? {} : { wwwAuthenticate: challenge }),
  });
}

function causeCode(err: unknown): unknown {
  const cause = isRecord(err) || err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  return isRecord(cause) || cause instanceof Error ? (cause as { code?: unknown }).code : undefined;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      },
      { once: true },
    );
  });
}

const ENDED: unique symbol = Symbol('ended');

interface ReadState {
  context: ExchangeContext;
  server: ExchangeServer;
  framing: Framing;
  method: string;
  id: RequestId;
  deadline: Deadline;
  /** The `Mcp-Session-Id` of the response being read, for answers to the server's requests. */
  sessionId: string | undefined;
  parser: SseParser;
}

const isRedirect = (response: Response) =>
  (response.status >= 300 && response.status < 400) || response.type === 'opaqueredirect';

const mediaType = (response: Response) =>
  (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** The final result, or ENDED when an event stream closed before it. */
async function readResponse(response: Response, state: ReadState): Promise<Result | typeof ENDED> {
  const { fail } = state.deadline;
  // A redirect `follow` did not take; its body is not read.
  if (isRedirect(response)) {
    await discard(response);
    throw refusedRedirect(response, fail);
  }
  // A request never gets 202, and a 204 carries no response.
  const status = response.status;
  const success = status >= 200 && status < 300 && status !== 202 && status !== 204;
  const type = mediaType(response);

  if (type === 'application/json') {
    let message: unknown;
    try {
      message = await readJson(response, state.server, fail);
    } catch (err) {
      // An unparsable error page is still an HTTP failure, not a framing one.
      if (!success && err instanceof McpTransportFailure && err.reason === 'bad_json')
        throw fail('http_status', response);
      throw err;
    }
    const items = unbatch(message, state);
    if (items.length === 1) return settle(items[0], response, success, state);
    const ours = items.find((item) => isResponseFor(item, state));
    for (const item of items) if (item !== ours) handleStreamMessage(item, state);
    return settle(ours, response, success, state);
  }

  if (type === 'text/event-stream') {
    let found: { message: unknown } | undefined;
    await readBytes(response, state.server, fail, false, (bytes) => {
      let events;
      try {
        events = state.parser.push(bytes);
      } catch (err) {
        if (err instanceof SseEventTooLarge) throw fail('too_large', response);
        throw err;
      }
      for (const event of events) {
        if (event.event !== 'message') continue;
        let message: unknown;
        try {
          message = JSON.parse(event.data);
        } catch {
          throw success ? fail('bad_json') : fail('http_status', response);
        }
        for (const item of unbatch(message, state)) {
          if (isResponseFor(item, state)) {
            found = { message: item };
            return true;
          }
          if (success) handleStreamMessage(item, state);
        }
      }
      return false;
    });
    if (found !== undefined) return settle(found.message, response, success, state);
    if (!success) throw fail('http_status', response);
    return ENDED;
  }

  await discard(response);
  throw success ? fail('content_type', response) : fail('http_status', response);
}

/** The messages one body or event carried: a 2025-03-26 server may batch them in an array. */
function unbatch(message: unknown, state: ReadState): unknown[] {
  return Array.isArray(message) && state.framing.revision === '2025-03-26' ? message : [message];
}

async function readJson(response: Response, server: ExchangeServer, fail: Fail): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  await readBytes(response, server, fail, true, (bytes) => {
    chunks.push(bytes);
    return false;
  });
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  try {
    return JSON.parse(text);
  } catch {
    throw fail('bad_json');
  }
}

/**
 * Reads the body, handing each chunk to `onBytes` until it returns true. A JSON body (`total`) is
 * capped as a whole while it is read; an event stream is capped per event by its parser.
 */
async function readBytes(
  response: Response,
  server: ExchangeServer,
  fail: Fail,
  total: boolean,
  onBytes: (bytes: Uint8Array) => boolean,
): Promise<void> {
  const limit = server.maxResponseBytes;
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (total && declared > limit) {
    await discard(response);
    throw fail('too_large', response);
  }
  if (response.body === null) return;
  const reader = response.body.getReader();
  let received = 0;
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        return;
      }
      received += value.byteLength;
      if (total && received > limit) throw fail('too_large', response);
      if (onBytes(value)) return;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}

async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => undefined);
}

/** Is this message the final response to our request? Errors may omit the id. */
function isResponseFor(message: unknown, state: ReadState): boolean {
  if (!isRecord(message) || typeof message.method === 'string') return false;
  if (!('result' in message) && !('error' in message)) return false;
  if (message.id === state.id) return true;
  return 'error' in message && (message.id === undefined || message.id === null);
}

/** A request-scoped notification, a request from the server (answered), or a stray response. */
function handleStreamMessage(message: unknown, state: ReadState): void {
  const { fail } = state.deadline;
  if (!isRecord(message)) throw fail('bad_envelope');
  if (typeof message.method === 'string') {
    if ('id' in message) answer(message, state);
    else if (state.context.onNotification !== undefined) {
      try {
        state.context.onNotification(state.server.serverId, message);
      } catch {
        // A listener's failure is the host's problem; it must not fail the pack's request.
      }
    }
    return;
  }
  if ('result' in message || 'error' in message) throw fail('id_mismatch');
  throw fail('bad_envelope');
}

function isJsonRpcError(value: unknown): value is JSONRPCError {
  return isRecord(value) && typeof value.code === 'number' && typeof value.message === 'string';
}

/** Applies the envelope and id checks, and the classification order of §4.1. */
function settle(message: unknown, response: Response, success: boolean, state: ReadState): Result {
  const { fail } = state.deadline;
  const envelope = isRecord(message) && message.jsonrpc === '2.0';
  if (envelope && 'error' in message && !('result' in message) && isJsonRpcError(message.error)) {
    const { id } = message;
    if (id !== undefined && id !== null && id !== state.id) throw fail('id_mismatch', response);
    throw new McpErrorResponse(state.server.serverId, message.error, response.status, { method: state.method });
  }
  if (!success) throw fail('http_status', response);
  if (!envelope || 'error' in message || !isRecord(message.result)) throw fail('bad_envelope', response);
  if (message.id !== state.id) throw fail('id_mismatch', response);
  return message.result as Result;
}
