// Which revision one server speaks, found out per server and remembered. 2026-07-28 goes first; a
// server that answers it with a 400, 404 or 405 that is not a 2026-07-28 error (-32020, -32021,
// -32022, or -32601 at 404) is an initialize-era server, and the client falls back to the newest
// older revision it negotiates, with that revision's handshake: `initialize`, then
// `notifications/initialized`, then every request in the session the server assigned
// (2026-07-28 Streamable HTTP "Backward Compatibility"; each older revision's lifecycle chapter,
// "Initialization" and "Version Negotiation", and transports chapter, "Session Management").
import { isRecord } from '@openwop-spec/json';
import { McpClientError, McpErrorResponse, McpTransportFailure } from './errors.js';
import { shortList } from './short.js';
import { endSession, exchange, isLegacyRevision, modernFraming, notify, send } from './transport.js';
import type { ExchangeContext, ExchangeServer, Framing } from './transport.js';
import {
  HEADER_MISMATCH,
  LATEST_PROTOCOL_VERSION,
  METHOD_NOT_FOUND,
  MISSING_REQUIRED_CLIENT_CAPABILITY,
  UNSUPPORTED_PROTOCOL_VERSION,
} from './wire.js';
import type { Result } from './wire.js';

/** Every revision this client can speak, newest first; the default of `revisions`. */
export const SUPPORTED_REVISIONS: readonly string[] = Object.freeze([
  LATEST_PROTOCOL_VERSION,
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
]);

/** Requests one call may send before it gives up: the first, and two after the server's answers changed what we know. */
const MAX_ATTEMPTS = 3;
/** A session id is visible ASCII (transports chapter, "Session Management"). */
const SESSION_ID = /^[\x21-\x7e]+$/;

/** What a health probe found. */
export interface ProbeOutcome {
  state: 'reachable' | 'unreachable' | 'incompatible';
  /** The DiscoverResult, when the server speaks 2026-07-28 and answered `server/discover`. */
  discover?: Result;
  /** Why the state is not `reachable`: a short text without URLs, headers or request data. */
  reason?: string;
}

const statusOf = (err: unknown): number | undefined =>
  err instanceof McpErrorResponse
    ? err.httpStatus
    : err instanceof McpTransportFailure && err.reason === 'http_status'
      ? err.httpStatus
      : undefined;

/** The revisions a -32022 error (or an initialize error of an older server) says the server supports. */
function supportedOf(err: unknown): string[] | undefined {
  if (!(err instanceof McpErrorResponse) || !isRecord(err.error.data)) return undefined;
  const supported = err.error.data['supported'];
  return Array.isArray(supported) ? supported.filter((v): v is string => typeof v === 'string') : undefined;
}

/** A 2026-07-28 error: the server speaks that era, so the client must not fall back to `initialize`. */
function isModernError(err: unknown): boolean {
  if (!(err instanceof McpErrorResponse)) return false;
  const { code } = err.error;
  if (code === UNSUPPORTED_PROTOCOL_VERSION || code === HEADER_MISMATCH || code === MISSING_REQUIRED_CLIENT_CAPABILITY)
    return true;
  return code === METHOD_NOT_FOUND && err.httpStatus === 404;
}

/** Per server: what it speaks, and the session an initialize-era server assigned. */
export class Negotiation {
  private known: { era: 'unknown' } | { era: 'modern' } | { era: 'legacy'; framing: Framing } = { era: 'unknown' };
  private handshake: Promise<Framing> | undefined;
  private readonly legacy: readonly string[];
  private readonly speaksModern: boolean;

  /** @param revisions what this host negotiates, newest first */
  constructor(
    private readonly context: ExchangeContext,
    private readonly revisions: readonly string[],
  ) {
    this.legacy = revisions.filter(isLegacyRevision);
    this.speaksModern = revisions.includes(LATEST_PROTOCOL_VERSION);
  }

  /** Sends one request at the revision the server speaks, negotiating it first when unknown or changed. */
  async request(server: ExchangeServer, method: string, params: Readonly<Record<string, unknown>>): Promise<Result> {
    for (let attempt = 1; ; attempt++) {
      const framing = await this.framing(server);
      try {
        const result = await exchange(this.context, server, method, params, framing);
        if (!framing.legacy && this.known.era === 'unknown') this.known = { era: 'modern' };
        return result;
      } catch (err) {
        if (attempt === MAX_ATTEMPTS) throw err;
        if (framing.legacy) {
          await this.recover(server, framing, err);
          continue;
        }
        const target = this.fallback(err, method);
        if (target === undefined) throw err;
        // An initialize the server refuses in 2026-07-28 terms proves it modern: its first answer stands.
        await this.initialize(server, target).catch((failure: unknown) => {
          throw isModernError(failure) ? err : failure;
        });
      }
    }
  }

  /** Health: a DiscoverResult at 2026-07-28, a live session (or a fresh handshake) at an older revision. */
  async probe(server: ExchangeServer): Promise<ProbeOutcome> {
    try {
      const known = this.known;
      if (known.era === 'legacy') {
        try {
          await exchange(this.context, server, 'ping', {}, known.framing);
          return { state: 'reachable' };
        } catch (err) {
          // Any JSON-RPC answer inside the session is a live server, even one that does not implement ping.
          if (err instanceof McpErrorResponse && err.httpStatus < 300) return { state: 'reachable' };
          await this.recover(server, known.framing, err);
          if (this.known.era === 'legacy') return { state: 'reachable' };
        }
      }
      let target = this.legacy[0];
      if (this.speaksModern) {
        try {
          const discover = await exchange(this.context, server, 'server/discover', {}, modernFraming());
          if (this.known.era === 'unknown') this.known = { era: 'modern' };
          return { state: 'reachable', discover };
        } catch (err) {
          target = this.fallback(err, 'server/discover');
          if (target === undefined) return this.failed(err);
        }
      }
      await this.initialize(server, target!);
      return { state: 'reachable' };
    } catch (err) {
      return this.failed(err);
    }
  }

  /** Ends an initialize-era session with DELETE, where the server assigned one; never rejects. */
  async close(server: ExchangeServer): Promise<void> {
    const known = this.known;
    this.known = { era: 'unknown' };
    if (known.era === 'legacy' && known.framing.sessionId !== undefined) {
      await endSession(this.context, server, known.framing).catch(() => undefined);
    }
  }

  /** The framing of the next attempt: the live session, 2026-07-28, or a handshake at the newest older revision. */
  private async framing(server: ExchangeServer): Promise<Framing> {
    const known = this.known;
    if (known.era === 'legacy') return known.framing;
    if (this.handshake !== undefined) return this.handshake;
    if (this.speaksModern) return modernFraming();
    return this.initialize(server, this.legacy[0]!);
  }

  /**
   * An initialize-era request failed. A 404 on a session means the session is gone: start a new
   * one at once (transports chapter, "Session Management" 4). A 400 may mean the server changed:
   * forget what we knew, so the next attempt probes from 2026-07-28 again. Anything else stands.
   */
  private async recover(server: ExchangeServer, framing: Framing, err: unknown): Promise<void> {
    const status = statusOf(err);
    if (status !== 400 && status !== 404) throw err;
    const current = this.known.era === 'legacy' && this.known.framing === framing;
    if (!current) return; // another call already replaced the session
    this.known = { era: 'unknown' };
    if (status === 404 && framing.sessionId !== undefined) await this.initialize(server, this.legacy[0]!);
  }

  /** The older revision to fall back to after `err` answered a 2026-07-28 request, if it says to. */
  private fallback(err: unknown, method: string): string | undefined {
    if (this.legacy.length === 0 || !(err instanceof McpClientError)) return undefined;
    if (err instanceof McpErrorResponse && err.error.code === UNSUPPORTED_PROTOCOL_VERSION) {
      return this.legacy.find((revision) => supportedOf(err)?.includes(revision));
    }
    // Every 2026-07-28 server implements server/discover, so "method not found" there is an older server.
    if (method === 'server/discover' && err instanceof McpErrorResponse && err.error.code === METHOD_NOT_FOUND)
      return this.legacy[0];
    if (isModernError(err)) return undefined;
    const status = statusOf(err);
    return status === 400 || status === 404 || status === 405 ? this.legacy[0] : undefined;
  }

  /** One handshake per server at a time; concurrent callers share it. */
  private initialize(server: ExchangeServer, revision: string): Promise<Framing> {
    this.handshake ??= this.handshakeAt(server, revision).finally(() => {
      this.handshake = undefined;
    });
    return this.handshake;
  }

  private async handshakeAt(server: ExchangeServer, revision: string, retried = false): Promise<Framing> {
    const params = { protocolVersion: revision, capabilities: {}, clientInfo: this.context.clientInfo };
    let reply;
    try {
      reply = await send(this.context, server, 'initialize', params, { revision, legacy: true });
    } catch (err) {
      // An older server may refuse a version it does not know, naming the ones it does.
      const supported = supportedOf(err);
      if (supported === undefined) throw err;
      const common = this.legacy.find((candidate) => supported.includes(candidate));
      if (common === undefined || retried) throw this.incompatible(server, supported);
      return this.handshakeAt(server, common, true);
    }
    const agreed = reply.result['protocolVersion'];
    const { sessionId } = reply;
    if (typeof agreed !== 'string' || (sessionId !== undefined && !SESSION_ID.test(sessionId))) {
      throw new McpTransportFailure(server.serverId, 'bad_envelope', undefined, {
        method: 'initialize',
        timeoutMs: server.timeoutMs,
        detail: 'the initialize result has no protocolVersion, or the session id is not visible ASCII',
      });
    }
    const framing: Framing = { revision: agreed, legacy: true, ...(sessionId === undefined ? {} : { sessionId }) };
    if (!this.legacy.includes(agreed)) {
      // "If the client does not support the version in the server's response, it SHOULD disconnect."
      if (sessionId !== undefined) await endSession(this.context, server, framing).catch(() => undefined);
      throw this.incompatible(server, [agreed]);
    }
    await notify(this.context, server, 'notifications/initialized', undefined, framing);
    this.known = { era: 'legacy', framing };
    return framing;
  }

  private incompatible(server: ExchangeServer, supported: readonly string[]): McpTransportFailure {
    return new McpTransportFailure(server.serverId, 'incompatible', undefined, {
      method: 'initialize',
      timeoutMs: server.timeoutMs,
      supported: [...supported],
    });
  }

  private failed(err: unknown): ProbeOutcome {
    const incompatible =
      (err instanceof McpTransportFailure && err.reason === 'incompatible') ||
      (err instanceof McpErrorResponse && err.error.code === UNSUPPORTED_PROTOCOL_VERSION);
    if (incompatible) {
      const supported = (err instanceof McpTransportFailure ? err.supported : supportedOf(err)) ?? [];
      return { state: 'incompatible', reason: incompatibleReason(supported, this.revisions) };
    }
    if (err instanceof McpTransportFailure) {
      return {
        state: 'unreachable',
        reason: err.httpStatus === undefined ? err.reason : `${err.reason} ${err.httpStatus}`,
      };
    }
    if (err instanceof McpErrorResponse)
      return { state: 'unreachable', reason: `mcp_error ${err.error.code} (HTTP ${err.httpStatus})` };
    return { state: 'unreachable', reason: 'unexpected failure' };
  }
}

/** The reason an `incompatible` health carries: both lists, the server's shortened (it is the server's text). */
export function incompatibleReason(supported: readonly unknown[], revisions: readonly string[]): string {
  return `no revision in common: the server offers ${shortList(supported)}; this host negotiates ${shortList(revisions)}`;
}
