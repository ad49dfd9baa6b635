// Servers of the initialize era (MCP 2025-03-26 to 2025-11-25): the stateless subset the earlier
// endpoints answer, and the session server behind LEGACY_PATH and LEGACY_PROBE_PATH, which follows
// those revisions' lifecycle (`initialize`, then `notifications/initialized`) and Streamable HTTP
// session rules ("Session Management": a session id assigned with the InitializeResult, 400 for a
// request without one, 404 for one the server does not know; "Protocol Version Header": 400 for a
// version the session did not negotiate). Such a server knows nothing of 2026-07-28, so a request
// of that revision reaches it as a request outside any session.
import { randomUUID } from 'node:crypto';
import { isRecord } from '@openwop-spec/json';
import { SERVER_INFO, echoTool, invalidParams } from './tools.js';
import type { Answer } from './tools.js';

/** Before this revision every revision is of the initialize era. */
const MODERN_REVISION = '2026-07-28';
/** The revisions the session server speaks, newest first: those whose Streamable HTTP has sessions. */
export const LEGACY_REVISIONS: readonly string[] = Object.freeze(['2025-11-25', '2025-06-18', '2025-03-26']);
/** A session server that refuses every request outside a session with 400, `server/discover` included. */
export const LEGACY_PATH = '/mcp-legacy';
/** The same session server, except that it answers `server/discover` as the unknown method it is (-32601). */
export const LEGACY_PROBE_PATH = '/mcp-legacy-probe';

export const methodNotFound = (): Answer => ({ error: { code: -32601, message: 'Method not found' } });

/**
 * Lifecycle, "Version Negotiation": the requested revision when the server speaks it, else
 * `otherwise` (the version header of the request, on the earlier endpoints), else its newest.
 */
function negotiate(versions: readonly string[], requested: unknown, otherwise?: string): string {
  return typeof requested === 'string' && versions.includes(requested) ? requested : (otherwise ?? versions[0]!);
}

/** The pre-2026 subset: enough for a legacy client to initialize, ping, list and call `echo`. */
export function legacy(
  versions: readonly string[],
  method: string,
  params: Record<string, unknown>,
  revision: string | undefined,
): Answer {
  const legacyVersions = versions.filter((version) => version < MODERN_REVISION);
  switch (method) {
    case 'initialize': {
      const agreed = negotiate(legacyVersions, params.protocolVersion, revision);
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

/** One session a session server assigned. */
export interface LegacySession {
  id: string;
  /** The endpoint that assigned it; a session is valid there only. */
  path: string;
  /** The revision `initialize` agreed on. */
  revision: string;
  /** Whether `notifications/initialized` arrived in it. */
  initialized: boolean;
}

/** What the session server answers: the HTTP status, the body (none for 202) and extra headers. */
export interface SessionReply {
  status: number;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** A transport-level refusal: HTTP `status` with a JSON-RPC error whose id is null, as the SDK servers send it. */
const refusal = (status: number, code: number, message: string): SessionReply => ({
  status,
  body: { jsonrpc: '2.0', id: null, error: { code, message } },
});

/** The session server of LEGACY_PATH and LEGACY_PROBE_PATH; sessions live as long as the fake. */
export class SessionServer {
  private readonly sessions = new Map<string, LegacySession>();

  list(): LegacySession[] {
    return [...this.sessions.values()].map((s) => ({ ...s }));
  }

  /**
   * One JSON-RPC message to `path`: a request (`id` set) or a notification. `headers` are
   * lower-cased. Errors of a request inside a session come back at HTTP 200, as JSON-RPC over
   * HTTP carries them; only the transport's refusals have their own status.
   */
  message(
    path: string,
    id: string | number | undefined,
    method: string,
    params: Record<string, unknown>,
    headers: Record<string, string>,
  ): SessionReply {
    const envelope = (answer: Answer): Record<string, unknown> => ({ jsonrpc: '2.0', id, ...answer });
    if (method === 'initialize' && id !== undefined) {
      const revision = negotiate(LEGACY_REVISIONS, params.protocolVersion);
      const session: LegacySession = { id: randomUUID(), path, revision, initialized: false };
      this.sessions.set(session.id, session);
      const answer = legacy([revision], method, params, revision);
      return { status: 200, body: envelope(answer), headers: { 'Mcp-Session-Id': session.id } };
    }
    // An initialize-era server implements no server/discover: the probe endpoint says so before it looks for a session.
    if (path === LEGACY_PROBE_PATH && method === 'server/discover' && id !== undefined)
      return { status: 200, body: envelope(methodNotFound()) };
    const sessionId = headers['mcp-session-id'];
    if (sessionId === undefined) return refusal(400, -32000, 'Bad Request: No valid session ID provided');
    const session = this.sessions.get(sessionId);
    if (session === undefined || session.path !== path) return refusal(404, -32001, 'Session not found');
    const version = headers['mcp-protocol-version'];
    if (version !== undefined && version !== session.revision)
      return refusal(400, -32000, `Bad Request: Unsupported protocol version: ${version}`);
    if (id === undefined) {
      if (method === 'notifications/initialized') session.initialized = true;
      return { status: 202 };
    }
    return { status: 200, body: envelope(legacy([session.revision], method, params, session.revision)) };
  }

  /** `DELETE` with a session id ends that session (Session Management 5). */
  end(path: string, headers: Record<string, string>): SessionReply {
    const sessionId = headers['mcp-session-id'];
    if (sessionId === undefined) return refusal(400, -32000, 'Bad Request: No valid session ID provided');
    const session = this.sessions.get(sessionId);
    if (session === undefined || session.path !== path) return refusal(404, -32001, 'Session not found');
    this.sessions.delete(sessionId);
    return { status: 200 };
  }
}
