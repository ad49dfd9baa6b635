// A loopback MCP 2026-07-28 server for tests and conformance rows. It records
// every request and every answer exactly as sent, so rows take their expected values from it,
// never from the host under test.
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isRecord } from '@openwop-spec/json';
import { isLoopbackHost } from './loopback.js';
import {
  SERVER_INFO,
  TOOLS_PAGE_SIZE,
  callTool,
  echoTool,
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
/** The revisions each endpoint other than `/mcp` speaks. */
const FIXED_ENDPOINTS: Readonly<Record<string, readonly string[]>> = {
  [EARLIER_REVISION_PATH]: [EARLIER_REVISION],
  [INCOMPATIBLE_REVISION_PATH]: [INCOMPATIBLE_REVISION],
  [UNSHARED_REVISION_PATH]: [UNSHARED_REVISION],
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
  /** The endpoint asked: `/mcp`, EARLIER_REVISION_PATH, INCOMPATIBLE_REVISION_PATH or UNSHARED_REVISION_PATH. */
  path: string;
  timestamp: number;
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
  body: Record<string, unknown>;
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
  private baseUrl: string | undefined;
  private invocationLog: Invocation[] = [];
  private exchangeLog: Exchange[] = [];

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

  /** Binds an ephemeral loopback port; resolves to `http://<host>:<port>/mcp`. */
  async start(): Promise<string> {
    if (this.baseUrl !== undefined) return this.baseUrl;
    const server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, this.host, resolve);
    });
    const { address, port } = server.address() as AddressInfo;
    this.server = server;
    this.baseUrl = `http://${address.includes(':') ? `[${address}]` : address}:${port}/mcp`;
    return this.baseUrl;
  }

  /** The URL `start()` resolved to. */
  get url(): string {
    if (this.baseUrl === undefined) throw new Error('FakeMcpServer is not started');
    return this.baseUrl;
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
    const server = this.server;
    if (server === undefined) return;
    this.server = undefined;
    this.baseUrl = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Clients keep connections alive; close them so stop() never waits on an idle socket.
      server.closeAllConnections();
    });
  }

  /** Clears both logs. */
  reset(): void {
    this.invocationLog = [];
    this.exchangeLog = [];
  }

  invocations(): Invocation[] {
    return structuredClone(this.invocationLog);
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

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake.invalid').pathname;
    if (path !== '/mcp' && !Object.hasOwn(FIXED_ENDPOINTS, path)) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    if (req.method !== 'POST') {
      // 2026-07-28 has no GET stream and no DELETE: one POST per request.
      res.writeHead(405, { Allow: 'POST' }).end();
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
    if (id === undefined) {
      res.writeHead(202).end(); // a notification: accepted, no response
      return;
    }

    const answer =
      path === UNSHARED_REVISION_PATH
        ? this.answerUnshared(method, headers)
        : this.answer(FIXED_ENDPOINTS[path] ?? this.versions, method, params, headers);
    const body: Record<string, unknown> = { jsonrpc: '2.0', id };
    let status = 200;
    if ('result' in answer) body.result = answer.result;
    else {
      body.error = answer.error;
      status = STATUS_BY_CODE[answer.error.code] ?? 500;
    }
    this.send(res, { status, body }, { method, params });
  }

  /** Validation order of §5, then dispatch. */
  private answer(
    versions: readonly string[],
    method: string,
    params: Record<string, unknown>,
    headers: Record<string, string>,
  ): Answer {
    const revision = headers['mcp-protocol-version'];
    if (revision !== undefined && !versions.includes(revision)) return unsupported(versions, revision);
    if (revision === undefined || revision !== LATEST_REVISION) {
      if (!versions.some((version) => version < LATEST_REVISION)) return unsupported(versions, '(absent)');
      return legacy(versions, method, params, revision);
    }
    const mismatch = headerMismatch(method, params, headers);
    if (mismatch !== undefined) return { error: { code: -32020, message: `Header mismatch: ${mismatch}` } };
    return withServerInfo(this.dispatch(method, params));
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
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
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
    res.writeHead(reply.status, { 'Content-Type': 'application/json' }).end(wire);
  }
}

/** The pre-2026 subset: enough for a legacy client to initialize, ping, list and call `echo`. */
function legacy(
  versions: readonly string[],
  method: string,
  params: Record<string, unknown>,
  revision: string | undefined,
): Answer {
  const legacyVersions = versions.filter((version) => version < LATEST_REVISION);
  switch (method) {
    case 'initialize': {
      const requested = params.protocolVersion;
      const agreed =
        typeof requested === 'string' && legacyVersions.includes(requested)
          ? requested
          : (revision ?? legacyVersions[0]!);
      return { result: { protocolVersion: agreed, capabilities: { tools: {} }, serverInfo: { ...SERVER_INFO } } };
    }
    case 'ping':
      return { result: {} };
    case 'tools/list':
      return { result: { tools: [echoTool()] } };
    case 'tools/call': {
      if (params.name !== 'echo') return invalidParams('Unknown tool');
      const args = isRecord(params.arguments) ? params.arguments : {};
      if (typeof args.text !== 'string') return invalidParams('Invalid arguments: text must be a string');
      return { result: { content: [{ type: 'text', text: args.text }], isError: false } };
    }
    default:
      return methodNotFound();
  }
}

export function createFakeMcpServer(options?: FakeMcpServerOptions): FakeMcpServer {
  return new FakeMcpServer(options);
}

function unsupported(versions: readonly string[], requested: string): Answer {
  return {
    error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [...versions], requested } },
  };
}

function methodNotFound(): Answer {
  return { error: { code: -32601, message: 'Method not found' } };
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
