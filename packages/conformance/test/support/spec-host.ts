// A workflow host written as an outside implementer would write it: from spec/v2 (overview.md and
// versioning.md for the version header, host-services.md § mcp, interop.md § Speaking to an MCP
// server, tool-catalog.md, conformance.md § Conformance fixtures, errors.md) and MCP 2026-07-28,
// plus 2025-11-25's lifecycle and Streamable HTTP for servers of that era, with nothing of this
// repository's runtime: its own MCP client over fetch, its own catalog. The
// tests run the suite against it; a `flaw` turns it into a host that breaks one rule.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SpecHostFlaw =
  | 'health-member' // serverHealth adds session: "open"
  | 'copy-replay' // replayPolicy from the server's idempotentHint
  | 'copy-egress' // egress from the server's openWorldHint
  | 'rewrap' // callTool resolves { result: structuredContent }
  | 'cache-list-tools'; // ctx.mcp.listTools served from the catalog's page cache

export interface SpecHostOptions {
  /** serverId → MCP endpoint URL, configured before any run. */
  bindings: Record<string, string>;
  token: string;
  /** The OpenWOP version a request without `OpenWOP-Version` gets (versioning.md). Default 2.0. */
  preferredVersion?: '1.0' | '2.0';
  flaw?: SpecHostFlaw;
}

export interface SpecHost {
  url: string;
  close(): Promise<void>;
}

const REVISION = '2026-07-28';
/** The earlier revision it also speaks, with that revision's lifecycle and sessions (interop.md § mcp). */
const EARLIER = '2025-11-25';
const MAX_ROUNDS = 4;
const CLIENT_INFO = { name: 'spec-host', version: '1.0.0' };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A ctx.mcp rejection (host-services.md § Rejections). */
class Rejection extends Error {
  constructor(
    readonly code: 'not_found' | 'mcp_error' | 'mcp_transport',
    message: string,
    readonly details?: Json,
    /** The HTTP status of the answer, when one came. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** How a server is spoken to: 2026-07-28, or an earlier revision in the session it assigned. */
interface Era {
  revision: string;
  session?: string;
}

/** Mcp-Name: plain when it is a visible-ASCII header value, else MCP's Base64 sentinel form. */
function headerValue(value: string): string {
  const plain = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value);
  const sentinel = value.startsWith('=?base64?') && value.endsWith('?=');
  return plain && !sentinel ? value : `=?base64?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Failures of making the connection: only these mean nothing was sent (host-services.md § Rejections). */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** `connect` when the connection could not be made, else `interrupted`: the request may have been delivered. */
function transportReason(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return NOT_SENT.has(String(cause?.code)) ? 'connect' : 'interrupted';
}

/**
 * One JSON-RPC message as one POST. At 2026-07-28 (no `era`): the request metadata headers and
 * `_meta`. At an earlier revision: the params as given, its version header and session, and
 * nothing of 2026-07-28; `initialize` carries no version header. A notification (`id` null)
 * resolves once accepted. Resolves to the `result` and the session id the answer assigned.
 */
async function post(
  url: string,
  method: string,
  params: Json,
  era?: Era,
  id: string | null = randomUUID(),
): Promise<{ result: Json; session?: string }> {
  const name = method === 'resources/read' ? params['uri'] : params['name'];
  const meta = {
    'io.modelcontextprotocol/protocolVersion': REVISION,
    'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  };
  const body = {
    jsonrpc: '2.0',
    ...(id === null ? {} : { id }),
    method,
    params: era === undefined ? { ...params, _meta: meta } : params,
  };
  const headers: Record<string, string> =
    era === undefined
      ? {
          'mcp-protocol-version': REVISION,
          'mcp-method': method,
          ...(typeof name === 'string' ? { 'mcp-name': headerValue(name) } : {}),
        }
      : {
          ...(method === 'initialize' ? {} : { 'mcp-protocol-version': era.revision }),
          ...(era.session === undefined ? {} : { 'mcp-session-id': era.session }),
        };
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      // Following a redirect is a MAY; this host follows none.
      redirect: 'manual',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
  } catch (err) {
    const reason = transportReason(err);
    throw new Rejection('mcp_transport', `${method}: the exchange failed (${reason})`, { reason });
  }
  if (res.status >= 300 && res.status < 400)
    throw new Rejection('mcp_transport', `${method}: a redirect, not followed`, { reason: 'redirect' });
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw new Rejection('mcp_transport', `${method}: the answer broke off`, { reason: transportReason(err) });
  }
  if (id === null && res.ok) return { result: {} };
  let message: unknown;
  const stream = (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (stream) {
    for (const event of text.split(/\r?\n\r?\n/)) {
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      const parsed = data === '' ? undefined : (JSON.parse(data) as unknown);
      if (isObject(parsed) && (parsed['id'] === id || (parsed['id'] == null && 'error' in parsed))) message = parsed;
    }
  } else {
    try {
      message = JSON.parse(text);
    } catch {
      message = undefined;
    }
  }
  if (isObject(message) && isObject(message['error']))
    throw new Rejection(
      'mcp_error',
      `${method}: the server answered an error`,
      { error: message['error'] },
      res.status,
    );
  if (stream && message === undefined && res.ok)
    throw new Rejection('mcp_transport', `${method}: the stream ended before the response`, { reason: 'interrupted' });
  if (!isObject(message) || !isObject(message['result']))
    throw new Rejection(
      'mcp_transport',
      `${method}: no JSON-RPC result (HTTP ${res.status})`,
      { reason: 'http_status' },
      res.status,
    );
  const session = res.headers.get('mcp-session-id') ?? undefined;
  return { result: message['result'], ...(session === undefined ? {} : { session }) };
}

/** The error code an MCP error rejection carries. */
const codeOf = (err: unknown): unknown =>
  err instanceof Rejection && isObject(err.details?.['error']) ? err.details['error']['code'] : undefined;

/**
 * The earlier revision to fall back to after `err` answered a 2026-07-28 request (interop.md §
 * Speaking to an MCP server): -32022 naming it; -32601 to server/discover; a 400, 404 or 405
 * that is no 2026-07-28 error. Anything else is an answer.
 */
function fallbackAfter(err: unknown, method: string): string | undefined {
  if (!(err instanceof Rejection) || err.status === undefined) return undefined;
  const code = codeOf(err);
  if (code === -32022) {
    const data = isObject(err.details?.['error']) ? err.details['error']['data'] : undefined;
    const supported = isObject(data) && Array.isArray(data['supported']) ? data['supported'] : [];
    return supported.includes(EARLIER) ? EARLIER : undefined;
  }
  if (code === -32601 && method === 'server/discover') return EARLIER;
  const modern = code === -32020 || code === -32021 || (code === -32601 && err.status === 404);
  return !modern && [400, 404, 405].includes(err.status) ? EARLIER : undefined;
}

type Send = (method: string, params: Json) => Promise<Json>;

/** tools/call and resources/read: answer each input_required round (declining elicitation), at most MAX_ROUNDS. */
async function withRounds(send: Send, method: string, params: Json): Promise<Json> {
  let extra: Json = {};
  for (let round = 0; ; round++) {
    const result = await send(method, { ...params, ...extra });
    if (result['resultType'] !== 'input_required') return result;
    if (round === MAX_ROUNDS)
      throw new Rejection('mcp_transport', `${method}: past the round ceiling`, { reason: 'mrtr_rounds_exceeded' });
    const responses: Json = {};
    for (const [key, request] of Object.entries(isObject(result['inputRequests']) ? result['inputRequests'] : {})) {
      if (!isObject(request) || request['method'] !== 'elicitation/create')
        throw new Rejection('mcp_transport', `${method}: an input it cannot answer`, {
          reason: 'mrtr_unsupported_input',
        });
      responses[key] = { action: 'decline' };
    }
    extra = {
      inputResponses: responses,
      ...(result['requestState'] === undefined ? {} : { requestState: result['requestState'] }),
    };
  }
}

/** tool-catalog.md § Annotations, written out. */
function annotationsOf(d: Json): Json {
  const tier = d['safetyTier'];
  return {
    readOnlyHint: tier === 'pure' || tier === 'read',
    destructiveHint: tier === 'write' || tier === 'exec',
    idempotentHint: d['replayPolicy'] === 'deterministic' || d['replayPolicy'] === 'idempotent',
    openWorldHint: d['egress'] !== 'none',
  };
}

const OWN_TOOLS: Json[] = [
  {
    toolId: 'host.clock',
    source: 'node-pack',
    safetyTier: 'pure',
    replayPolicy: 'deterministic',
    egress: 'none',
    title: 'Clock',
  },
  { toolId: 'host.Fetch', source: 'node-pack', safetyTier: 'read', egress: 'safe-fetch', title: 'Fetch' },
];

/** Tools of another tenant: its principal may invoke them, the suite's may not (tool-catalog.md § The catalog). */
export const OTHER_TENANT_TOOL_ID = 'host.payroll';
const OTHER_TENANT_TOOLS: Json[] = [
  { toolId: OTHER_TENANT_TOOL_ID, source: 'node-pack', safetyTier: 'read', egress: 'none', title: 'Payroll' },
];

export async function startSpecHost(options: SpecHostOptions): Promise<SpecHost> {
  const { bindings, flaw } = options;
  const runs = new Map<string, { status: string; events: unknown[] }>();
  /** The catalog's tools/list pages, kept within their ttlMs (MCP's caching rules; tool-catalog.md sets none of its own). */
  const pages = new Map<string, { page: Json; until: number }>();

  /** What each server speaks, once a server's answers showed it is of an earlier era. */
  const eras = new Map<string, Era>();

  const urlOf = (serverId: string): string => {
    const url = bindings[serverId];
    if (url === undefined) throw new Rejection('not_found', `no MCP server "${serverId}" is configured`);
    return url;
  };

  /** The earlier revision's handshake: initialize, then notifications/initialized in the session it assigned. */
  async function initialize(serverId: string, revision: string): Promise<Era> {
    const url = urlOf(serverId);
    const params = { protocolVersion: revision, capabilities: {}, clientInfo: CLIENT_INFO };
    const { result, session } = await post(url, 'initialize', params, { revision });
    if (result['protocolVersion'] !== revision)
      throw new Rejection('mcp_transport', 'initialize: no revision in common', { reason: 'incompatible' });
    const era: Era = { revision, ...(session === undefined ? {} : { session }) };
    await post(url, 'notifications/initialized', {}, era, null);
    eras.set(serverId, era);
    return era;
  }

  /** One request to a server, at the revision it speaks: 2026-07-28 first, an earlier one after a fallback answer. */
  async function send(serverId: string, method: string, params: Json): Promise<Json> {
    const url = urlOf(serverId);
    let era = eras.get(serverId);
    if (era !== undefined) {
      try {
        return (await post(url, method, params, era)).result;
      } catch (err) {
        // The session is gone: a new one, and the request once more.
        if (!(err instanceof Rejection) || err.status !== 404 || era.session === undefined) throw err;
        return (await post(url, method, params, await initialize(serverId, era.revision))).result;
      }
    }
    try {
      return (await post(url, method, params)).result;
    } catch (err) {
      const revision = fallbackAfter(err, method);
      if (revision === undefined) throw err;
      era = await initialize(serverId, revision);
      return (await post(url, method, params, era)).result;
    }
  }

  async function page(serverId: string, cursor: string | undefined, cached: boolean): Promise<Json> {
    const key = JSON.stringify([serverId, cursor ?? null]);
    const kept = pages.get(key);
    if (cached && kept !== undefined && Date.now() < kept.until) return structuredClone(kept.page);
    const result = await send(serverId, 'tools/list', cursor === undefined ? {} : { cursor });
    const ttl = typeof result['ttlMs'] === 'number' && result['ttlMs'] > 0 ? result['ttlMs'] : 0;
    pages.set(key, { page: structuredClone(result), until: Date.now() + ttl });
    return result;
  }

  /** ctx.mcp (host-services.md § mcp). */
  const ctxMcp = {
    async callTool(i: Json): Promise<unknown> {
      const result = await withRounds((m, p) => send(String(i['serverId']), m, p), 'tools/call', {
        name: i['name'],
        ...(isObject(i['arguments']) ? { arguments: i['arguments'] } : {}),
      });
      return flaw === 'rewrap' && result['isError'] !== true ? { result: result['structuredContent'] } : result;
    },
    listTools(i: Json): Promise<unknown> {
      const cursor = typeof i['cursor'] === 'string' ? i['cursor'] : undefined;
      return page(String(i['serverId']), cursor, flaw === 'cache-list-tools');
    },
    readResource(i: Json): Promise<unknown> {
      return withRounds((m, p) => send(String(i['serverId']), m, p), 'resources/read', { uri: i['uri'] });
    },
    async serverHealth(i: Json): Promise<unknown> {
      const serverId = String(i['serverId']);
      const url = urlOf(serverId);
      const extra = flaw === 'health-member' ? { session: 'open' } : {};
      try {
        // An earlier-era server has no server/discover: any answer in its session shows it live.
        if (eras.has(serverId)) {
          await send(serverId, 'ping', {}).catch((err: unknown) => {
            if (codeOf(err) === undefined) throw err;
          });
          return { state: 'reachable', ...extra };
        }
        // Every call probes: a host MAY always probe.
        const discover = await post(url, 'server/discover', {})
          .then((r) => r.result)
          .catch(async (err: unknown) => {
            const revision = fallbackAfter(err, 'server/discover');
            if (revision === undefined) throw err;
            await initialize(serverId, revision);
            return undefined;
          });
        if (discover === undefined) return { state: 'reachable', ...extra };
        const versions = discover['supportedVersions'];
        if (!Array.isArray(versions)) return { state: 'unreachable', reason: 'no supportedVersions', ...extra };
        return versions.includes(REVISION)
          ? { state: 'reachable', discover, ...extra }
          : { state: 'incompatible', discover, reason: 'no revision in common', ...extra };
      } catch (err) {
        const error = err instanceof Rejection && isObject(err.details?.['error']) ? err.details['error'] : undefined;
        const unshared =
          error?.['code'] === -32022 || (err instanceof Rejection && err.details?.['reason'] === 'incompatible');
        if (unshared) return { state: 'incompatible', reason: 'no revision in common', ...extra };
        return { state: 'unreachable', reason: err instanceof Rejection ? err.message : 'failed', ...extra };
      }
    },
  };

  /** The catalog the principal may see: own tools, then every tool of `conformance` (conformance.md), classified by the host alone. */
  async function catalog(principal: 'suite' | 'other'): Promise<Json[]> {
    const tools = [...OWN_TOOLS, ...(principal === 'other' ? OTHER_TENANT_TOOLS : [])].map((t) => ({ ...t }));
    if (bindings['conformance'] !== undefined) {
      let cursor: string | undefined;
      try {
        do {
          const p = await page('conformance', cursor, true);
          for (const tool of Array.isArray(p['tools']) ? p['tools'] : []) {
            if (!isObject(tool) || typeof tool['name'] !== 'string') continue;
            const hints = isObject(tool['annotations']) ? tool['annotations'] : {};
            const title = tool['title'] ?? hints['title'] ?? tool['name'];
            // Unclassified: write, and nothing said about replay or egress.
            const d: Json = { toolId: `mcp:conformance.${tool['name']}`, source: 'mcp', safetyTier: 'write', title };
            if (typeof tool['description'] === 'string') d['description'] = tool['description'];
            if (flaw === 'copy-replay' && hints['idempotentHint'] === true) d['replayPolicy'] = 'idempotent';
            if (flaw === 'copy-egress' && hints['openWorldHint'] === false) d['egress'] = 'none';
            tools.push(d);
          }
          cursor = typeof p['nextCursor'] === 'string' ? p['nextCursor'] : undefined;
        } while (cursor !== undefined);
      } catch {
        // A server that cannot be listed contributes nothing.
      }
    }
    for (const t of tools) t['annotations'] = annotationsOf(t);
    return tools.sort((a, b) =>
      String(a['toolId']) < String(b['toolId']) ? -1 : String(a['toolId']) > String(b['toolId']) ? 1 : 0,
    );
  }
  const compact = (d: Json): Json => ({
    toolId: d['toolId'],
    source: d['source'],
    safetyTier: d['safetyTier'],
    ...(d['title'] === undefined ? {} : { title: d['title'] }),
  });

  /** The conformance-mcp-client fixture's node (conformance.md § Conformance fixtures). */
  async function runFixture(inputs: Json): Promise<{ status: string; events: unknown[] }> {
    const method = inputs['method'] ?? 'serverHealth';
    const call = { ...inputs, serverId: inputs['serverId'] ?? 'conformance' };
    try {
      if (method !== 'callTool' && method !== 'listTools' && method !== 'readResource' && method !== 'serverHealth')
        throw new Rejection('mcp_transport', 'unknown method', { reason: 'bad_input' });
      const result = JSON.parse(JSON.stringify(await ctxMcp[method](call))) as unknown;
      return {
        status: 'completed',
        events: [{ type: 'node.completed', nodeId: 'mcp-client', payload: { outputs: { result } } }],
      };
    } catch (err) {
      const e = err instanceof Rejection ? err : new Rejection('mcp_transport', 'failed', { reason: 'internal' });
      const error = { code: e.code, message: e.message, ...(e.details === undefined ? {} : { details: e.details }) };
      return { status: 'failed', events: [{ type: 'node.failed', nodeId: 'mcp-client', payload: { error } }] };
    }
  }

  async function route(req: IncomingMessage, body: unknown): Promise<[number, unknown]> {
    const url = new URL(req.url ?? '/', 'http://spec-host.invalid');
    const header = req.headers['openwop-version'];
    const version = typeof header === 'string' ? header : (options.preferredVersion ?? '2.0');
    if (url.pathname === '/.well-known/openwop') {
      return [
        200,
        {
          protocolVersions: ['1.0', '2.0'],
          preferredVersion: options.preferredVersion ?? '2.0',
          mcp: {
            revisions: [REVISION, EARLIER],
            preferredVersion: REVISION,
            minimumRevision: REVISION,
            profiles: ['mcp-2026-07-28'],
            features: ['tools', 'resources', 'elicitation'],
            client: true,
          },
          toolCatalog: { sources: ['mcp', 'node-pack'], compactView: true },
        },
      ];
    }
    const auth = req.headers.authorization;
    const principal =
      auth === `Bearer ${options.token}` ? 'suite' : auth === `Bearer ${options.token}-other` ? 'other' : undefined;
    if (principal === undefined) return [401, { error: { code: 'unauthenticated', message: 'no' } }];
    if (!version.startsWith('2')) {
      // A v1 request on an unversioned path: v1 lists tools as { tools } and has no /runs.
      if (req.method === 'GET' && url.pathname === '/tools') return [200, { tools: await catalog(principal) }];
      return [404, { error: { code: 'not_found', message: 'v1 serves /v1 paths' } }];
    }
    if (req.method === 'GET' && (url.pathname === '/tools' || url.pathname.startsWith('/tools/'))) {
      const view = url.searchParams.get('view') === 'compact' ? 'compact' : 'standard';
      const tools = await catalog(principal);
      if (url.pathname === '/tools') return [200, view === 'compact' ? { tools: tools.map(compact) } : tools];
      const id = decodeURIComponent(url.pathname.slice('/tools/'.length));
      const tool = tools.find((t) => t['toolId'] === id);
      if (tool === undefined) return [404, { error: { code: 'not_found', message: 'no such tool' } }];
      return [200, view === 'compact' ? compact(tool) : tool];
    }
    if (req.method === 'POST' && url.pathname === '/runs') {
      if (!isObject(body) || body['workflowId'] !== 'conformance-mcp-client')
        return [404, { error: { code: 'not_found', message: 'no such workflow' } }];
      const runId = randomUUID();
      runs.set(runId, await runFixture(isObject(body['inputs']) ? body['inputs'] : {}));
      return [201, { runId }];
    }
    const m = /^\/runs\/([^/]+)(\/events\/poll)?$/.exec(url.pathname);
    const run = m === null ? undefined : runs.get(decodeURIComponent(m[1]!));
    if (req.method === 'GET' && run !== undefined)
      return m![2] === undefined ? [200, { runId: m![1], status: run.status }] : [200, { events: run.events }];
    return [404, { error: { code: 'not_found', message: 'not found' } }];
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = chunks.length === 0 ? undefined : JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      route(req, body).then(
        ([status, payload]) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload)),
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
