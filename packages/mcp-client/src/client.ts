// createMcpClient: ctx.mcp over MCP 2026-07-28, falling back per server to the newest older
// revision it speaks (negotiate.ts). Results are returned unaltered, in
// the shape of the revision that carried them: the parsed `result` object itself, nothing added,
// removed or reshaped.
import { isRecord } from '@openwop-spec/json';
import { TtlCache } from './cache.js';
import { cloneJson } from '@openwop-spec/json';
import type { CtxMcp, McpServerHealth } from './ctx.js';
import { McpServerNotFound, McpTransportFailure } from './errors.js';
import { HealthMonitor } from './health.js';
import type { ProbeTarget } from './health.js';
import { Negotiation, SUPPORTED_REVISIONS } from './negotiate.js';
import {
  DEFAULT_DISCOVER_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  requestHeaders,
} from './transport.js';
import type { ExchangeContext, ExchangeServer } from './transport.js';
import type {
  CallToolResult,
  ClientCapabilities,
  Implementation,
  InputResponses,
  ListToolsResult,
  ReadResourceResult,
  Result,
  ResultType,
} from './wire.js';

export interface McpServerConfig {
  url: string;
  /** Sent on every request to this server (e.g. Authorization); never shown in results or errors. */
  headers?: Record<string, string>;
  /** Partitions "private" caches; two contexts never share a private entry. */
  authContext?: string;
  timeoutMs?: number;
  discoverTimeoutMs?: number;
  maxResponseBytes?: number;
}

export interface McpClientOptions {
  servers: Record<string, McpServerConfig>;
  /**
   * Revisions this host negotiates, any of "2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"
   * (the default: all four). The newest is tried first; each server keeps the newest it accepts.
   */
  revisions?: readonly string[];
  clientInfo?: Implementation;
  /**
   * Declared on every 2026-07-28 request (default `{}`). With `elicitation`, a server may ask for input
   * (MRTR); this client declines every elicitation, as a host that cannot ask a person must.
   */
  clientCapabilities?: ClientCapabilities;
  /** MRTR rounds answered per request (facet mcp.mrtr.maxRounds), 1–16. Default 4. */
  mrtrMaxRounds?: number;
  fetch?: typeof fetch;
  now?: () => number;
  onNotification?: (serverId: string, n: unknown) => void;
}

export interface McpClient extends CtxMcp {
  /** Host-internal page read for the tool catalog; with `cache: true` it may answer from a fresh cached page. */
  listToolsPage(serverId: string, cursor?: string, opts?: { cache?: boolean }): Promise<ListToolsResult>;
  /** Ends every initialize-era session this client holds (DELETE, where the server assigned one). */
  close(): Promise<void>;
}

export const DEFAULT_CLIENT_INFO: Implementation = { name: 'openwop-spec-mcp-client', version: '0.1.0' };
export const DEFAULT_MRTR_MAX_ROUNDS = 4;

interface ResolvedServer extends ExchangeServer, ProbeTarget {
  discoverTimeoutMs: number;
  negotiation: Negotiation;
}

export function createMcpClient(options: McpClientOptions): McpClient {
  const revisions = resolveRevisions(options.revisions);
  const maxRounds = options.mrtrMaxRounds ?? DEFAULT_MRTR_MAX_ROUNDS;
  if (!Number.isInteger(maxRounds) || maxRounds < 1 || maxRounds > 16) {
    throw new RangeError('createMcpClient: mrtrMaxRounds must be an integer from 1 to 16');
  }
  let lastId = 0;
  const context: ExchangeContext = {
    fetch: options.fetch ?? globalThis.fetch,
    clientInfo: options.clientInfo ?? DEFAULT_CLIENT_INFO,
    ...(options.clientCapabilities === undefined ? {} : { clientCapabilities: options.clientCapabilities }),
    nextId: () => ++lastId,
    ...(options.onNotification === undefined ? {} : { onNotification: options.onNotification }),
  };
  const servers = new Map<string, ResolvedServer>();
  for (const [serverId, config] of Object.entries(options.servers)) {
    servers.set(serverId, resolveServer(serverId, config, new Negotiation(context, revisions)));
  }

  const now = options.now ?? Date.now;

  const server = (serverId: string): ResolvedServer => {
    const found = servers.get(serverId);
    if (found === undefined)
      throw new McpServerNotFound(`MCP server "${serverId}" is not configured on this host`, serverId);
    return found;
  };

  /** tools/call and resources/read: the host answers input_required itself; the pack never sees it. */
  const withMrtr = async (target: ResolvedServer, method: string, params: Record<string, unknown>): Promise<Result> => {
    let result = await target.negotiation.request(target, method, params);
    for (let round = 1; result.resultType === 'input_required'; round++) {
      const failure = { method, timeoutMs: target.timeoutMs };
      if (round > maxRounds) throw new McpTransportFailure(target.serverId, 'mrtr_rounds_exceeded', undefined, failure);
      const retry: Record<string, unknown> = { ...params };
      if (Object.hasOwn(result, 'inputRequests')) {
        const responses = declineAll(result.inputRequests);
        if (responses === undefined)
          throw new McpTransportFailure(target.serverId, 'mrtr_unsupported_input', undefined, failure);
        retry.inputResponses = responses;
      }
      // requestState is opaque: copied exactly, never inspected.
      if (Object.hasOwn(result, 'requestState')) retry.requestState = result.requestState;
      result = await target.negotiation.request(target, method, retry);
    }
    return result;
  };

  const health = new HealthMonitor<ResolvedServer>({
    revisions,
    now,
    probe: (target) => target.negotiation.probe({ ...target, timeoutMs: target.discoverTimeoutMs }),
  });
  const pages = new TtlCache<ListToolsResult>();

  return {
    async callTool(req): Promise<CallToolResult> {
      const target = server(req.serverId);
      // idempotencyKey is for the host's effect-recording seam; MCP has no such field.
      const params: Record<string, unknown> = { name: req.name };
      if (isRecord(req.arguments)) params.arguments = req.arguments;
      return (await withMrtr(target, 'tools/call', params)) as CallToolResult;
    },

    async listTools(req): Promise<ListToolsResult> {
      const target = server(req.serverId);
      const params: Record<string, unknown> = typeof req.cursor === 'string' ? { cursor: req.cursor } : {};
      return (await target.negotiation.request(target, 'tools/list', params)) as ListToolsResult;
    },

    async readResource(req): Promise<ReadResourceResult> {
      const target = server(req.serverId);
      return (await withMrtr(target, 'resources/read', { uri: req.uri })) as ReadResourceResult;
    },

    async serverHealth(req): Promise<McpServerHealth> {
      return health.check(server(req.serverId));
    },

    async listToolsPage(serverId, cursor, opts): Promise<ListToolsResult> {
      const target = server(serverId);
      const key = [serverId, target.url, cursor ?? null];
      if (opts?.cache === true) {
        const cached = pages.get(key, target.authContext, now());
        if (cached !== undefined) return cloneJson(cached);
      }
      const params: Record<string, unknown> = typeof cursor === 'string' ? { cursor } : {};
      const page = (await target.negotiation.request(target, 'tools/list', params)) as ListToolsResult;
      // Only a complete page is cacheable; the cache keeps its own copy so callers may mutate theirs.
      // `resultType` is required of 2026-07-28 servers; an absent one (older servers) means complete.
      if ((page.resultType as ResultType | undefined) === undefined || page.resultType === 'complete') {
        pages.set(key, cloneJson(page), target.authContext, now());
      }
      return page;
    },

    async close(): Promise<void> {
      await Promise.all([...servers.values()].map((target) => target.negotiation.close(target)));
    },
  };
}

/** The revisions to negotiate, newest first; only those this client can speak. */
function resolveRevisions(revisions: readonly string[] = SUPPORTED_REVISIONS): readonly string[] {
  if (revisions.length === 0) throw new RangeError('createMcpClient: revisions must not be empty');
  for (const revision of revisions) {
    if (!SUPPORTED_REVISIONS.includes(revision)) {
      throw new RangeError(`createMcpClient: revision "${revision}" is not one of ${SUPPORTED_REVISIONS.join(', ')}`);
    }
  }
  return [...new Set(revisions)].sort().reverse();
}

function resolveServer(serverId: string, config: McpServerConfig, negotiation: Negotiation): ResolvedServer {
  const protocol = URL.canParse(config.url) ? new URL(config.url).protocol : '';
  // The message names the server, never the URL: a URL may carry credentials.
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new TypeError(`createMcpClient: server "${serverId}" needs an absolute http(s) url`);
  }
  try {
    requestHeaders(config, 'server/discover', {});
  } catch {
    throw new TypeError(`createMcpClient: server "${serverId}" has an invalid header name or value`);
  }
  return {
    serverId,
    url: config.url,
    ...(config.headers === undefined ? {} : { headers: { ...config.headers } }),
    ...(config.authContext === undefined ? {} : { authContext: config.authContext }),
    timeoutMs: positive(serverId, 'timeoutMs', config.timeoutMs, DEFAULT_TIMEOUT_MS),
    discoverTimeoutMs: positive(serverId, 'discoverTimeoutMs', config.discoverTimeoutMs, DEFAULT_DISCOVER_TIMEOUT_MS),
    maxResponseBytes: positive(serverId, 'maxResponseBytes', config.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES),
    negotiation,
  };
}

function positive(serverId: string, field: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`createMcpClient: server "${serverId}" ${field} must be a positive number`);
  }
  return value;
}

/** Elicitation is declined (nobody here can answer it); anything else is unanswerable (undefined). */
function declineAll(inputRequests: unknown): InputResponses | undefined {
  if (!isRecord(inputRequests)) return undefined;
  const responses: InputResponses = {};
  for (const [key, request] of Object.entries(inputRequests)) {
    if (!isRecord(request) || request.method !== 'elicitation/create') return undefined;
    responses[key] = { action: 'decline' };
  }
  return responses;
}
