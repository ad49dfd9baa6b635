// A loopback MCP 2026-07-28 server for tests and conformance rows. It records
// every request and every answer exactly as sent, so rows take their expected values from it,
// never from the host under test.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRecord } from '@openwop-spec/json';
import { LEGACY_PATH, LEGACY_PROBE_PATH, SessionServer, legacy, methodNotFound } from './legacy.js';
import type { LegacySession } from './legacy.js';
import { isLoopbackHost } from './loopback.js';
import {
  SERVER_INFO,
  TOOLS_PAGE_SIZE,
  callTool,
  invalidParams,
  newToolNonce,
  noClaimToolName,
  readonlyClaimToolName,
  toolDefinitions,
} from './tools.js';
import type { Answer, JsonObject } from './tools.js';

export const LATEST_REVISION = '2026-07-28';
export const DEFAULT_PROTOCOL_VERSIONS: readonly string[] = Object.freeze([LATEST_REVISION, '2025-06-18']);
export const FIXTURE_RESOURCE_URI = 'conformance://fixture/readme';
/** A second endpoint on the same port for a server that predates 2026-07-28: it speaks only this revision. */
export const EARLIER_REVISION = '2025-11-25';
export const EARLIER_REVISION_PATH = '/mcp-2025-11-25';
/**
 * A third endpoint for a server no current client negotiates with: it speaks only MCP's first
 * revision, so a 2026-07-28 probe gets -32022 and no fallback revision meets it.
 */
export const INCOMPATIBLE_REVISION = '2024-11-05';
export const INCOMPATIBLE_REVISION_PATH = '/mcp-2024-11-05';
/**
 * A fourth endpoint for RFC 0204's own `incompatible` case: `server/discover` succeeds, at whatever
 * revision it is asked, but lists only a revision no client negotiates; every other request gets
 * -32022 naming it.
 */
export const UNSHARED_REVISION = '2099-12-31';
export const UNSHARED_REVISION_PATH = '/mcp-unshared';
/** A 2026-07-28 server that answers with the errors MCP reserves for itself: -32021 and -32020. */
export const STRICT_PATH = '/mcp-strict';
/** On STRICT_PATH, the tool whose every call is -32021: it requires the sampling capability. */
export const NEEDS_SAMPLING_TOOL = 'needs_sampling';
/** On STRICT_PATH, the tool whose every call is -32020, as from a server whose header validation the request failed. */
export const HEADER_MISMATCH_TOOL = 'header_mismatch';
/** Answers every request with 307 to LANDING_PATH on the same origin. */
export const MOVED_PATH = '/mcp-moved';
/** Answers every request with 307 to ELSEWHERE_PATH on the fake's second listener: another origin. */
export const MOVED_AWAY_PATH = '/mcp-moved-away';
/** Answers every request with 303 (See Other) to LANDING_PATH on the same origin. */
export const SEE_OTHER_PATH = '/mcp-see-other';
/** Where the same-origin redirects lead: the fake's 2026-07-28 server, as at `/mcp`. */
export const LANDING_PATH = '/mcp-landing';
/** The only path of the second listener, where MOVED_AWAY_PATH leads: the fake's server again, on another port. */
export const ELSEWHERE_PATH = '/mcp-elsewhere';
/** Reads each request, then drops the connection without an answer. */
export const DROPS_PATH = '/mcp-drops';
/** On DROPS_PATH, the tool whose call gets an event stream that ends before the response, instead of a dropped connection. */
export const CUT_MID_STREAM_TOOL = 'cut-mid-stream';

/** How a path answers. */
type Endpoint =
  | { kind: 'modern'; versions?: readonly string[] }
  | { kind: 'unshared' }
  | { kind: 'sessions' }
  | { kind: 'strict' }
  | { kind: 'redirect'; status: 303 | 307; to: 'landing' | 'elsewhere' }
  | { kind: 'drops' };

/** The primary listener's paths; `modern` without versions speaks the configured ones. */
const ENDPOINTS: Readonly<Record<string, Endpoint>> = {
  '/mcp': { kind: 'modern' },
  [LANDING_PATH]: { kind: 'modern' },
  [EARLIER_REVISION_PATH]: { kind: 'modern', versions: [EARLIER_REVISION] },
  [INCOMPATIBLE_REVISION_PATH]: { kind: 'modern', versions: [INCOMPATIBLE_REVISION] },
  [UNSHARED_REVISION_PATH]: { kind: 'unshared' },
  [LEGACY_PATH]: { kind: 'sessions' },
  [LEGACY_PROBE_PATH]: { kind: 'sessions' },
  [STRICT_PATH]: { kind: 'strict' },
  [MOVED_PATH]: { kind: 'redirect', status: 307, to: 'landing' },
  [MOVED_AWAY_PATH]: { kind: 'redirect', status: 307, to: 'elsewhere' },
  [SEE_OTHER_PATH]: { kind: 'redirect', status: 303, to: 'landing' },
  [DROPS_PATH]: { kind: 'drops' },
};
/** Requests larger than this are refused with 413; the fake only ever needs small bodies. */
const MAX_REQUEST_BYTES = 1024 * 1024;

export interface FakeMcpServerOptions {
  /** Revisions spoken; any before 2026-07-28 enables the legacy subset. Default ["2026-07-28", "2025-06-18"]. */
  protocolVersions?: readonly string[];
  /** "sse" answers every HTTP 200 as text/event-stream. Default "json". */
  responseMode?: 'json' | 'sse';
  /** Serve `resources/read` (one text resource). Default false: 404 -32601. */
  resources?: boolean;
  /** The `ttlMs` of every DiscoverResult; 0 makes a client probe on every health check. Default 3,600,000. */
  discoverTtlMs?: number;
  /** Loopback only; anything else is refused. Default "127.0.0.1". */
  host?: string;
  /** Clock for `Invocation.timestamp`. Default Date.now. */
  now?: () => number;
}

export interface Invocation {
  method: string;
  params: unknown;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The MCP-Protocol-Version header as received, or "(absent)". */
  revision: string;
  /** The endpoint asked: `/mcp` or one of the other paths (ELSEWHERE_PATH is the second listener's). */
  path: string;
  timestamp: number;
}

/** One HTTP request as it arrived, before anything is checked: what a redirect that was followed leaves. */
export interface Arrival {
  /** The HTTP method. */
  method: string;
  path: string;
  /** `same`: the listener `start()` returned; `other`: the second listener, another origin. */
  origin: 'same' | 'other';
}

/** One request and what the fake answered, after a JSON round trip: exactly what went on the wire. */
export interface Exchange {
  method: string;
  params: unknown;
  result?: unknown;
  error?: unknown;
}

interface Reply {
  status: number;
  /** Absent for a 202. */
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

const STATUS_BY_CODE: Readonly<Record<number, number>> = {
  [-32700]: 400,
  [-32600]: 400,
  [-32020]: 400,
  [-32021]: 400,
  [-32022]: 400,
  [-32601]: 404,
  [-32602]: 200,
  [-32603]: 500,
};

const NAME_PARAM: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** Decodes an `Mcp-Name` value; `undefined` when the sentinel form is malformed. */
export function decodeHeaderValue(value: string): string | undefined {
  if (!(value.startsWith('=?base64?') && value.endsWith('?='))) return value;
  const payload = value.slice('=?base64?'.length, -'?='.length);
  if (payload.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return undefined;
  return Buffer.from(payload, 'base64').toString('utf8');
}

export class FakeMcpServer {
  private readonly versions: readonly string[];
  private readonly responseMode: 'json' | 'sse';
  private readonly resources: boolean;
  private readonly discoverTtlMs: number;
  private readonly host: string;
  private readonly now: () => number;
  /** Names the two tools no operator can have classified; fresh per server, so each run lists new ones. */
  private readonly nonce = newToolNonce();
  private server: Server | undefined;
  /** The second listener: another origin, for the redirect that leaves the server's. */
  private elsewhere: Server | undefined;
  private baseUrl: string | undefined;
  private elsewhereBase: string | undefined;
  private invocationLog: Invocation[] = [];
  private exchangeLog: Exchange[] = [];
  private arrivalLog: Arrival[] = [];
  private readonly sessionServer = new SessionServer();

  constructor(options: FakeMcpServerOptions = {}) {
    this.host = options.host ?? '127.0.0.1';
    if (!isLoopbackHost(this.host)) throw new Error(`FakeMcpServer binds loopback only, not "${this.host}"`);
    this.versions = [...(options.protocolVersions ?? DEFAULT_PROTOCOL_VERSIONS)];
    if (this.versions.length === 0) throw new RangeError('FakeMcpServer: protocolVersions must not be empty');
    this.responseMode = options.responseMode ?? 'json';
    this.resources = options.resources ?? false;
    this.discoverTtlMs = options.discoverTtlMs ?? 3_600_000;
    if (!Number.isInteger(this.discoverTtlMs) || this.discoverTtlMs < 0)
      throw new RangeError('FakeMcpServer: discoverTtlMs must be a non-negative integer');
    this.now = options.now ?? Date.now;
  }

  /**
   * Binds two ephemeral loopback ports, the second for ELSEWHERE_PATH alone; resolves to
   * `http://<host>:<port>/mcp` on the first.
   */
  async start(): Promise<string> {
    if (this.baseUrl !== undefined) return this.baseUrl;
    const server = await this.listen('same');
    const elsewhere = await this.listen('other').catch(async (err: unknown) => {
      await close(server);
      throw err;
    });
    this.server = server;
    this.elsewhere = elsewhere;
    this.baseUrl = `${originOf(server)}/mcp`;
    this.elsewhereBase = originOf(elsewhere);
    return this.baseUrl;
  }

  private async listen(origin: Arrival['origin']): Promise<Server> {
    const server = createServer((req, res) => {
      this.handle(req, res, origin).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, this.host, resolve);
    });
    return server;
  }

  /** The URL `start()` resolved to. */
  get url(): string {
    if (this.baseUrl === undefined) throw new Error('FakeMcpServer is not started');
    return this.baseUrl;
  }

  /** `path` on the listener `start()` returned, e.g. `endpointUrl(LEGACY_PATH)`. */
  endpointUrl(path: string): string {
    return this.url.replace(/\/mcp$/, path);
  }

  /** ELSEWHERE_PATH on the second listener: the same server at another origin. */
  get elsewhereUrl(): string {
    if (this.elsewhereBase === undefined) throw new Error('FakeMcpServer is not started');
    return `${this.elsewhereBase}${ELSEWHERE_PATH}`;
  }

  /** The endpoint of an older server on the same port: EARLIER_REVISION only, its legacy subset. */
  get earlierRevisionUrl(): string {
    return this.url.replace(/\/mcp$/, EARLIER_REVISION_PATH);
  }

  /** The endpoint of a server on the same port that speaks only INCOMPATIBLE_REVISION. */
  get incompatibleRevisionUrl(): string {
    return this.url.replace(/\/mcp$/, INCOMPATIBLE_REVISION_PATH);
  }

  /** The endpoint of a server on the same port whose server/discover lists only UNSHARED_REVISION. */
  get unsharedRevisionUrl(): string {
    return this.url.replace(/\/mcp$/, UNSHARED_REVISION_PATH);
  }

  async stop(): Promise<void> {
    const servers = [this.server, this.elsewhere];
    this.server = undefined;
    this.elsewhere = undefined;
    this.baseUrl = undefined;
    this.elsewhereBase = undefined;
    await Promise.all(servers.flatMap((server) => (server === undefined ? [] : [close(server)])));
  }

  /** Clears the logs (the sessions stay: a client holding one may still use it). */
  reset(): void {
    this.invocationLog = [];
    this.exchangeLog = [];
    this.arrivalLog = [];
  }

  invocations(): Invocation[] {
    return structuredClone(this.invocationLog);
  }

  /** How many invocations are recorded, to read only later ones with `invocationsSince`. */
  invocationCount(): number {
    return this.invocationLog.length;
  }

  /** Copies of the invocations recorded at index `since` or later. */
  invocationsSince(since: number): Invocation[] {
    return structuredClone(this.invocationLog.slice(since));
  }

  /** How many HTTP requests arrived, on either listener. */
  arrivalCount(): number {
    return this.arrivalLog.length;
  }

  /** Copies of the HTTP requests that arrived at index `since` or later, on either listener. */
  arrivalsSince(since: number): Arrival[] {
    return structuredClone(this.arrivalLog.slice(since));
  }

  /** Every session LEGACY_PATH and LEGACY_PROBE_PATH assigned, in the order they were opened. */
  legacySessions(): LegacySession[] {
    return this.sessionServer.list();
  }

  exchanges(): Exchange[] {
    return structuredClone(this.exchangeLog);
  }

  /** How many exchanges are recorded (without copying the log, which grows for the server's life). */
  exchangeCount(): number {
    return this.exchangeLog.length;
  }

  /**
   * A copy of the latest exchange of `method`, recorded at index `since` or later, that `match`
   * accepts; only candidates are copied, so a lookup in a long log costs what it reads.
   */
  latestExchange(method: string, match: (x: Exchange) => boolean, since = 0): Exchange | undefined {
    for (let i = this.exchangeLog.length - 1; i >= since; i--) {
      if (this.exchangeLog[i]!.method !== method) continue;
      const x = structuredClone(this.exchangeLog[i]!);
      if (match(x)) return x;
    }
    return undefined;
  }

  protocolVersions(): string[] {
    return [...this.versions];
  }

  /** The tool that claims to be harmless (READONLY_CLAIM_ANNOTATIONS); nobody can have classified it. */
  readonlyClaimToolName(): string {
    return readonlyClaimToolName(this.nonce);
  }

  /** The claim tool's twin without annotations. */
  noClaimToolName(): string {
    return noClaimToolName(this.nonce);
  }

  /** All seven tool definitions, in list order. */
  currentTools(): JsonObject[] {
    return toolDefinitions(this.nonce);
  }

  private async handle(req: IncomingMessage, res: ServerResponse, origin: Arrival['origin']): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
    this.arrivalLog.push({ method: req.method ?? '', path, origin });
    const endpoint: Endpoint | undefined =
      origin === 'other'
        ? path === ELSEWHERE_PATH
          ? { kind: 'modern' }
          : undefined
        : Object.hasOwn(ENDPOINTS, path)
          ? ENDPOINTS[path]
          : undefined;
    if (endpoint === undefined) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    if (endpoint.kind === 'redirect') {
      // Whatever the method: the redirect itself is the answer, and its body is never read.
      const location = endpoint.to === 'elsewhere' ? this.elsewhereUrl : LANDING_PATH;
      res.writeHead(endpoint.status, { Location: location }).end();
      return;
    }
    if (endpoint.kind === 'sessions' && req.method === 'DELETE') {
      this.send(res, this.sessionServer.end(path, lowerCasedHeaders(req)), undefined);
      return;
    }
    if (req.method !== 'POST') {
      // 2026-07-28 has no GET stream and no DELETE: one POST per request. The session server
      // offers no standalone stream either, which its revisions allow (405).
      res.writeHead(405, { Allow: endpoint.kind === 'sessions' ? 'POST, DELETE' : 'POST' }).end();
      return;
    }
    const raw = await readBody(req);
    if (raw === undefined) {
      res.writeHead(413).end();
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      this.send(
        res,
        { status: 400, body: { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } } },
        undefined,
      );
      return;
    }
    const id = isRecord(message) ? message.id : undefined;
    if (
      !isRecord(message) ||
      message.jsonrpc !== '2.0' ||
      typeof message.method !== 'string' ||
      (id !== undefined && typeof id !== 'string' && typeof id !== 'number')
    ) {
      const body: Record<string, unknown> = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid Request' } };
      if (typeof id === 'string' || typeof id === 'number') body.id = id;
      this.send(res, { status: 400, body }, undefined);
      return;
    }
    const method = message.method;
    const params = isRecord(message.params) ? message.params : {};
    const headers = lowerCasedHeaders(req);
    const revision = headers['mcp-protocol-version'];
    this.invocationLog.push({
      method,
      params: structuredClone(params),
      headers,
      revision: revision ?? '(absent)',
      path,
      timestamp: this.now(),
    });
    if (endpoint.kind === 'drops') {
      drop(req, res, method, params);
      return;
    }
    if (endpoint.kind === 'sessions') {
      const reply = this.sessionServer.message(path, id, method, params, headers);
      this.send(res, reply, id === undefined ? undefined : { method, params });
      return;
    }
    if (id === undefined) {
      res.writeHead(202).end(); // a notification: accepted, no response
      return;
    }

    const dispatch = (m: string, p: Record<string, unknown>) => this.dispatch(m, p);
    const answer =
      endpoint.kind === 'unshared'
        ? this.answerUnshared(method, headers)
        : endpoint.kind === 'strict'
          ? this.answer(
              [LATEST_REVISION],
              method,
              params,
              headers,
              strictDispatch(this.discoverResult([LATEST_REVISION])),
            )
          : this.answer(endpoint.versions ?? this.versions, method, params, headers, dispatch);
    const body: Record<string, unknown> = { jsonrpc: '2.0', id };
    let status = 200;
    if ('result' in answer) body.result = answer.result;
    else {
      body.error = answer.error;
      status = STATUS_BY_CODE[answer.error.code] ?? 500;
    }
    this.send(res, { status, body }, { method, params });
  }

  /** Validation order of §5, then `dispatch` at 2026-07-28. */
  private answer(
    versions: readonly string[],
    method: string,
    params: Record<string, unknown>,
    headers: Record<string, string>,
    dispatch: (method: string, params: Record<string, unknown>) => Answer,
  ): Answer {
    const revision = headers['mcp-protocol-version'];
    if (revision !== undefined && !versions.includes(revision)) return unsupported(versions, revision);
    if (revision === undefined || revision !== LATEST_REVISION) {
      if (!versions.some((version) => version < LATEST_REVISION)) return unsupported(versions, '(absent)');
      return legacy(versions, method, params, revision);
    }
    const mismatch = headerMismatch(method, params, headers);
    if (mismatch !== undefined) return { error: { code: -32020, message: `Header mismatch: ${mismatch}` } };
    return withServerInfo(dispatch(method, params));
  }

  /** UNSHARED_REVISION_PATH: discovery answered at any revision, everything else refused with -32022. */
  private answerUnshared(method: string, headers: Record<string, string>): Answer {
    const versions = [UNSHARED_REVISION];
    return method === 'server/discover'
      ? withServerInfo({ result: this.discoverResult(versions) })
      : unsupported(versions, headers['mcp-protocol-version'] ?? '(absent)');
  }

  private discoverResult(versions: readonly string[]): JsonObject {
    return {
      resultType: 'complete',
      supportedVersions: [...versions],
      capabilities: { tools: {}, extensions: {}, ...(this.resources ? { resources: {} } : {}) },
      instructions:
        'Conformance fake for RFC 0204. Tool annotations here are untrusted hints; one tool lies about being harmless.',
      ttlMs: this.discoverTtlMs,
      cacheScope: 'public',
    };
  }

  private dispatch(method: string, params: Record<string, unknown>): Answer {
    switch (method) {
      case 'server/discover':
        return { result: this.discoverResult(this.versions) };
      case 'tools/list':
        return listTools(this.currentTools(), params.cursor);
      case 'tools/call':
        return callTool(params, this.nonce);
      case 'resources/read':
        if (!this.resources) return methodNotFound();
        if (params.uri !== FIXTURE_RESOURCE_URI)
          return invalidParams('Resource not found', { uri: String(params.uri) });
        return {
          result: {
            resultType: 'complete',
            contents: [{ uri: FIXTURE_RESOURCE_URI, mimeType: 'text/markdown', text: '# Conformance fixture\n' }],
            ttlMs: 60_000,
            cacheScope: 'public',
          },
        };
      default:
        return methodNotFound();
    }
  }

  private send(res: ServerResponse, reply: Reply, request: { method: string; params: unknown } | undefined): void {
    const extra = reply.headers ?? {};
    if (reply.body === undefined) {
      res.writeHead(reply.status, extra).end();
      return;
    }
    const wire = JSON.stringify(reply.body);
    if (request !== undefined) {
      const sent = JSON.parse(wire) as Record<string, unknown>;
      this.exchangeLog.push({
        method: request.method,
        params: structuredClone(request.params),
        ...('result' in sent ? { result: sent.result } : { error: sent.error }),
      });
    }
    if (this.responseMode === 'sse' && reply.status === 200) {
      res.writeHead(200, { ...extra, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write(': openwop conformance fake\n\n');
      const token = progressToken(request?.params);
      if (token !== undefined) {
        const progress = {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: 1, total: 1, message: 'working' },
        };
        res.write(`event: message\ndata: ${JSON.stringify(progress)}\n\n`);
      }
      res.end(`event: message\ndata: ${wire}\n\n`);
      return;
    }
    res.writeHead(reply.status, { ...extra, 'Content-Type': 'application/json' }).end(wire);
  }
}

/** DROPS_PATH: the request was read in full; the answer never comes. */
function drop(req: IncomingMessage, res: ServerResponse, method: string, params: Record<string, unknown>): void {
  if (method === 'tools/call' && params.name === CUT_MID_STREAM_TOOL) {
    // The stream starts, then ends cleanly without the response.
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
    res.end(': the stream ends before the response\n\n');
    return;
  }
  req.socket.destroy();
}

/** STRICT_PATH at 2026-07-28: its discovery, its two tools, nothing else. */
function strictDispatch(discover: JsonObject): (method: string, params: Record<string, unknown>) => Answer {
  return (method, params) => {
    if (method === 'server/discover') return { result: discover };
    if (method !== 'tools/call') return methodNotFound();
    if (params.name === NEEDS_SAMPLING_TOOL)
      return {
        error: {
          code: -32021,
          message: 'Missing required client capability: sampling',
          data: { requiredCapabilities: { sampling: {} } },
        },
      };
    if (params.name === HEADER_MISMATCH_TOOL)
      return { error: { code: -32020, message: `Header mismatch: ${HEADER_MISMATCH_TOOL} refuses every request` } };
    return invalidParams('Unknown tool');
  };
}

/** `http://<address>:<port>` of a listening server. */
function originOf(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

function close(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    // Clients keep connections alive; close them so stop() never waits on an idle socket.
    server.closeAllConnections();
  });
}

export function createFakeMcpServer(options?: FakeMcpServerOptions): FakeMcpServer {
  return new FakeMcpServer(options);
}

function unsupported(versions: readonly string[], requested: string): Answer {
  return {
    error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [...versions], requested } },
  };
}

/** Step (3) of the validation order; `undefined` when the headers agree with the body. */
function headerMismatch(
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string>,
): string | undefined {
  const meta = isRecord(params._meta) ? params._meta : {};
  const bodyVersion = meta['io.modelcontextprotocol/protocolVersion'];
  if (bodyVersion === undefined) {
    if (method !== 'server/discover') return '_meta protocolVersion is missing';
  } else if (bodyVersion !== headers['mcp-protocol-version']) {
    return 'MCP-Protocol-Version differs from _meta protocolVersion';
  }
  const headerMethod = headers['mcp-method'];
  if (headerMethod === undefined) return 'Mcp-Method is missing';
  if (headerMethod !== method) return 'Mcp-Method differs from the body method';
  const nameParam = NAME_PARAM[method];
  if (nameParam !== undefined) {
    const header = headers['mcp-name'];
    if (header === undefined) return 'Mcp-Name is missing';
    const decoded = decodeHeaderValue(header);
    if (decoded === undefined) return 'Mcp-Name is malformed';
    if (decoded !== params[nameParam]) return `Mcp-Name differs from params.${nameParam}`;
  }
  return undefined;
}

/** Every success carries serverInfo in `_meta`, with the answer's own `_meta` keys after it. */
function withServerInfo(answer: Answer): Answer {
  if (!('result' in answer)) return answer;
  const own = isRecord(answer.result._meta) ? answer.result._meta : {};
  return { result: { ...answer.result, _meta: { 'io.modelcontextprotocol/serverInfo': { ...SERVER_INFO }, ...own } } };
}

function listTools(tools: JsonObject[], cursor: unknown): Answer {
  let offset = 0;
  if (cursor !== undefined) {
    const match = typeof cursor === 'string' ? /^fake-page:(\d+)$/.exec(cursor) : null;
    offset = match === null ? Number.NaN : Number(match[1]);
    if (!(offset > 0 && offset < tools.length && offset % TOOLS_PAGE_SIZE === 0))
      return invalidParams('Invalid cursor');
  }
  const end = offset + TOOLS_PAGE_SIZE;
  const page: JsonObject = { resultType: 'complete', tools: tools.slice(offset, end) };
  if (end < tools.length) page.nextCursor = `fake-page:${end}`;
  page.ttlMs = 60_000;
  page.cacheScope = 'private';
  return { result: page };
}

function progressToken(params: unknown): string | number | undefined {
  if (!isRecord(params) || !isRecord(params._meta)) return undefined;
  const token = params._meta.progressToken;
  return typeof token === 'string' || typeof token === 'number' ? token : undefined;
}

function lowerCasedHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The request body as text, or `undefined` past MAX_REQUEST_BYTES. */
async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > MAX_REQUEST_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
