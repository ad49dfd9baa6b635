// A workflow host written as an outside implementer would write it: from spec/v2 (overview.md and
// versioning.md for the version header, host-services.md § mcp, interop.md § Speaking to an MCP
// server, tool-catalog.md, conformance.md § Conformance fixtures, errors.md) and MCP 2026-07-28,
// with nothing of this repository's runtime: its own MCP client over fetch, its own catalog. The
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
  ) {
    super(message);
  }
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

/** One JSON-RPC request at 2026-07-28: a POST with the request metadata headers and `_meta`. */
async function rpc(url: string, method: string, params: Json): Promise<Json> {
  const name = method === 'resources/read' ? params['uri'] : params['name'];
  const body = {
    jsonrpc: '2.0',
    id: randomUUID(),
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': REVISION,
        'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
        'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
      },
    },
  };
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      // Following a redirect is a MAY; this host follows none.
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': REVISION,
        'mcp-method': method,
        ...(typeof name === 'string' ? { 'mcp-name': headerValue(name) } : {}),
      },
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
      if (isObject(parsed) && parsed['id'] === body.id) message = parsed;
    }
  } else {
    try {
      message = JSON.parse(text);
    } catch {
      message = undefined;
    }
  }
  if (isObject(message) && isObject(message['error']))
    throw new Rejection('mcp_error', `${method}: the server answered an error`, { error: message['error'] });
  if (stream && message === undefined && res.ok)
    throw new Rejection('mcp_transport', `${method}: the stream ended before the response`, { reason: 'interrupted' });
  if (!isObject(message) || !isObject(message['result']))
    throw new Rejection('mcp_transport', `${method}: no JSON-RPC result (HTTP ${res.status})`, {
      reason: 'http_status',
    });
  return message['result'];
}

/** tools/call and resources/read: answer each input_required round (declining elicitation), at most MAX_ROUNDS. */
async function withRounds(url: string, method: string, params: Json): Promise<Json> {
  let extra: Json = {};
  for (let round = 0; ; round++) {
    const result = await rpc(url, method, { ...params, ...extra });
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

  const urlOf = (serverId: string): string => {
    const url = bindings[serverId];
    if (url === undefined) throw new Rejection('not_found', `no MCP server "${serverId}" is configured`);
    return url;
  };

  async function page(serverId: string, cursor: string | undefined, cached: boolean): Promise<Json> {
    const key = JSON.stringify([serverId, cursor ?? null]);
    const kept = pages.get(key);
    if (cached && kept !== undefined && Date.now() < kept.until) return structuredClone(kept.page);
    const result = await rpc(urlOf(serverId), 'tools/list', cursor === undefined ? {} : { cursor });
    const ttl = typeof result['ttlMs'] === 'number' && result['ttlMs'] > 0 ? result['ttlMs'] : 0;
    pages.set(key, { page: structuredClone(result), until: Date.now() + ttl });
    return result;
  }

  /** ctx.mcp (host-services.md § mcp). */
  const ctxMcp = {
    async callTool(i: Json): Promise<unknown> {
      const result = await withRounds(urlOf(String(i['serverId'])), 'tools/call', {
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
      return withRounds(urlOf(String(i['serverId'])), 'resources/read', { uri: i['uri'] });
    },
    async serverHealth(i: Json): Promise<unknown> {
      const url = urlOf(String(i['serverId']));
      const extra = flaw === 'health-member' ? { session: 'open' } : {};
      try {
        // Every call probes: a host MAY always probe.
        const discover = await rpc(url, 'server/discover', {});
        const versions = discover['supportedVersions'];
        if (!Array.isArray(versions)) return { state: 'unreachable', reason: 'no supportedVersions', ...extra };
        return versions.includes(REVISION)
          ? { state: 'reachable', discover, ...extra }
          : { state: 'incompatible', discover, reason: 'no revision in common', ...extra };
      } catch (err) {
        const error = err instanceof Rejection && isObject(err.details?.['error']) ? err.details['error'] : undefined;
        if (error?.['code'] === -32022) return { state: 'incompatible', reason: 'no revision in common', ...extra };
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
            revisions: [REVISION],
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
