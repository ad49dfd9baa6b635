// tool-catalog.md § The catalog: GET /tools and GET /tools/{toolId} as a pure request handler, plus a thin node:http
// adapter. Authentication and per-tool authorization are the host's, injected.
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolCatalog } from './catalog.js';
import { toCompact } from './compact.js';
import type { ToolDescriptor } from './descriptor.js';

export interface ToolsRequest {
  /** Default GET. */
  method?: string;
  /** The request path as received, still percent-encoded, without the query string. */
  path: string;
  query?: Readonly<Record<string, string | undefined>>;
  /** The Authorization header value, if any. */
  auth?: string;
}

export interface ToolsResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface ToolsHandlerOptions<P> {
  catalog: Pick<ToolCatalog, 'read'>;
  /** The caller's principal, or undefined when unauthenticated (→ 401). */
  authenticate(auth: string | undefined): P | undefined | Promise<P | undefined>;
  /** Whether the principal may invoke the tool in its tenant. Default: every authenticated caller may. */
  mayInvoke?: (principal: P, tool: ToolDescriptor) => boolean;
  /** Whether the host advertises toolCatalog.compactView; if not, `?view=compact` is ignored. */
  compactView?: boolean;
  /** Prefix before `/tools`, e.g. `/v2`. Default none. */
  basePath?: string;
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  vary: 'Authorization',
};
const error = (status: number, code: string, message: string, extra: Record<string, string> = {}): ToolsResponse => ({
  status,
  headers: { ...JSON_HEADERS, ...extra },
  body: { error: { code, message } },
});
// One body for unknown and unauthorized ids alike, so a caller cannot tell which it hit.
const notFound = (): ToolsResponse => error(404, 'not_found', 'no such tool');
const ok = (body: unknown): ToolsResponse => ({ status: 200, headers: { ...JSON_HEADERS }, body });

/**
 * Returns the handler. Order of checks: path (404), authentication (401), method (405), then the
 * read. The list holds only tools the caller may invoke; by id, an unknown or unauthorized toolId
 * gets the same 404. `?view=compact` switches to the compact view only when advertised.
 */
export function createToolsHandler<P>(options: ToolsHandlerOptions<P>): (req: ToolsRequest) => Promise<ToolsResponse> {
  const base = `${options.basePath ?? ''}/tools`;
  const mayInvoke = options.mayInvoke ?? (() => true);

  return async (req) => {
    let id: string | undefined;
    if (req.path === base) {
      id = undefined;
    } else if (req.path.startsWith(`${base}/`)) {
      try {
        id = decodeURIComponent(req.path.slice(base.length + 1));
      } catch {
        return notFound();
      }
    } else {
      return notFound();
    }

    const principal = await options.authenticate(req.auth);
    if (principal === undefined)
      return error(401, 'unauthenticated', 'authentication required', { 'www-authenticate': 'Bearer' });
    if ((req.method ?? 'GET') !== 'GET')
      return error(405, 'method_not_allowed', 'the tool catalog is read-only', { allow: 'GET' });

    const compact = options.compactView === true && req.query?.['view'] === 'compact';
    const { tools } = await options.catalog.read();
    const visible = tools.filter((t) => mayInvoke(principal, t));
    if (id === undefined) return ok(compact ? { tools: visible.map(toCompact) } : visible);
    const tool = visible.find((t) => t.toolId === id);
    if (tool === undefined) return notFound();
    return ok(compact ? toCompact(tool) : tool);
  };
}

/** Splits a raw request target into the still-encoded path and its query (the first value of each key wins). */
export function parseTarget(target: string): Pick<ToolsRequest, 'path' | 'query'> {
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  const query: Record<string, string> = {};
  if (q !== -1) {
    for (const [k, v] of new URLSearchParams(target.slice(q + 1))) if (!(k in query)) query[k] = v;
  }
  return { path, query };
}

/** Adapts a handler to node:http. The request body is never read: every endpoint is a GET. */
export function toNodeListener(handler: (req: ToolsRequest) => Promise<ToolsResponse>): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const request: ToolsRequest = { ...parseTarget(req.url ?? '/'), method: req.method ?? 'GET' };
    if (req.headers.authorization !== undefined) request.auth = req.headers.authorization;
    handler(request).then(
      (r) => {
        res.writeHead(r.status, r.headers);
        res.end(JSON.stringify(r.body));
      },
      () => {
        res.writeHead(500, JSON_HEADERS);
        res.end(JSON.stringify({ error: { code: 'internal', message: 'catalog unavailable' } }));
      },
    );
  };
}

/** Serves the handler on loopback (an ephemeral port unless given); resolves once listening. */
export async function startToolsServer(
  handler: (req: ToolsRequest) => Promise<ToolsResponse>,
  options: { host?: string; port?: number } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(toNodeListener(handler));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
