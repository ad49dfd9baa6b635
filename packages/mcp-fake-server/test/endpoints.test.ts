// The endpoints that exist to tell hosts apart: servers of the initialize era with sessions, a
// 2026-07-28 server answering its reserved errors, redirects within and out of the origin, and a
// server that drops the connection after the request. Driven with plain fetch.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CUT_MID_STREAM_TOOL,
  DROPS_PATH,
  ELSEWHERE_PATH,
  HEADER_MISMATCH_TOOL,
  LANDING_PATH,
  LEGACY_PATH,
  LEGACY_PROBE_PATH,
  LEGACY_REVISIONS,
  MOVED_AWAY_PATH,
  MOVED_PATH,
  NEEDS_SAMPLING_TOOL,
  SEE_OTHER_PATH,
  STRICT_PATH,
  createFakeMcpServer,
} from '../src/index.js';
import type { FakeMcpServer } from '../src/index.js';
import { V, rpc } from './rpc.js';

let fake: FakeMcpServer;
let url: string;
beforeAll(async () => {
  fake = createFakeMcpServer();
  url = await fake.start();
});
afterAll(() => fake.stop());

/** Headers of an initialize-era request: no 2026-07-28 metadata, the session and version given. */
const era = (session?: string, version?: string): Record<string, string | undefined> => ({
  'MCP-Protocol-Version': version,
  'Mcp-Method': undefined,
  'Mcp-Session-Id': session,
});

async function open(path: string, protocolVersion: string): Promise<{ session: string; agreed: string }> {
  const response = await fetch(fake.endpointUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });
  expect(response.status).toBe(200);
  const session = response.headers.get('mcp-session-id');
  expect(session).toMatch(/^[\x21-\x7e]+$/);
  const body = (await response.json()) as { result: { protocolVersion: string; serverInfo: unknown } };
  expect(body.result.serverInfo).toBeDefined();
  return { session: session!, agreed: body.result.protocolVersion };
}

describe('the session servers of the initialize era', () => {
  test('refuse a 2026-07-28 request, server/discover included, with 400 and a JSON-RPC error that is no 2026-07-28 error', async () => {
    for (const method of ['tools/call', 'server/discover']) {
      const sent = await rpc(fake.endpointUrl(LEGACY_PATH), method, { name: 'echo', arguments: { text: 'x' } });
      expect(sent.status).toBe(400);
      expect(sent.json).toEqual({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
      });
    }
  });

  test('the probe endpoint answers server/discover as an unknown method (-32601 at HTTP 200), in a session or not', async () => {
    const probe = fake.endpointUrl(LEGACY_PROBE_PATH);
    const outside = await rpc(probe, 'server/discover');
    expect(outside.status).toBe(200);
    expect(outside.json.error).toEqual({ code: -32601, message: 'Method not found' });
    const { session, agreed } = await open(LEGACY_PROBE_PATH, '2025-11-25');
    const inside = await rpc(probe, 'server/discover', {}, { headers: era(session, agreed), meta: null });
    expect(inside.json.error.code).toBe(-32601);
    // Anything else still needs a session.
    expect((await rpc(probe, 'tools/list')).status).toBe(400);
  });

  test('initialize agrees on the requested revision when it speaks it, else on its newest, and assigns a session', async () => {
    expect(LEGACY_REVISIONS).toEqual(['2025-11-25', '2025-06-18', '2025-03-26']);
    for (const revision of LEGACY_REVISIONS) expect((await open(LEGACY_PATH, revision)).agreed).toBe(revision);
    expect((await open(LEGACY_PATH, V)).agreed).toBe('2025-11-25');
    expect((await open(LEGACY_PATH, '2024-11-05')).agreed).toBe('2025-11-25');
  });

  test('in the session: initialized is recorded, echo and ping answer, other methods are -32601 at HTTP 200', async () => {
    const legacyUrl = fake.endpointUrl(LEGACY_PATH);
    const { session, agreed } = await open(LEGACY_PATH, '2025-06-18');
    expect(fake.legacySessions().find((s) => s.id === session)).toEqual({
      id: session,
      path: LEGACY_PATH,
      revision: '2025-06-18',
      initialized: false,
    });
    const note = await fetch(legacyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Mcp-Session-Id': session, 'MCP-Protocol-Version': agreed },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    });
    expect(note.status).toBe(202);
    expect(fake.legacySessions().find((s) => s.id === session)?.initialized).toBe(true);
    const call = await rpc(
      legacyUrl,
      'tools/call',
      { name: 'echo', arguments: { text: 'old' } },
      { headers: era(session, agreed), meta: null },
    );
    expect(call.status).toBe(200);
    expect(call.json.result).toEqual({ content: [{ type: 'text', text: 'old' }], isError: false });
    expect((await rpc(legacyUrl, 'ping', {}, { headers: era(session), meta: null })).json.result).toEqual({});
    const other = await rpc(legacyUrl, 'resources/read', { uri: 'x' }, { headers: era(session, agreed), meta: null });
    expect(other.status).toBe(200);
    expect(other.json.error.code).toBe(-32601);
  });

  test('refuse what the session rules refuse: no session 400, an unknown or foreign one 404, another version 400', async () => {
    const legacyUrl = fake.endpointUrl(LEGACY_PATH);
    const { session } = await open(LEGACY_PATH, '2025-11-25');
    const noSession = await rpc(legacyUrl, 'ping', {}, { headers: era(undefined, '2025-11-25'), meta: null });
    expect(noSession.status).toBe(400);
    const unknown = await rpc(legacyUrl, 'ping', {}, { headers: era('nope'), meta: null });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({ code: -32001, message: 'Session not found' });
    const foreign = await rpc(fake.endpointUrl(LEGACY_PROBE_PATH), 'ping', {}, { headers: era(session), meta: null });
    expect(foreign.status).toBe(404);
    const version = await rpc(legacyUrl, 'ping', {}, { headers: era(session, '2025-06-18'), meta: null });
    expect(version.status).toBe(400);
    expect(version.json.error.message).toBe('Bad Request: Unsupported protocol version: 2025-06-18');
  });

  test('DELETE ends a session; GET is 405', async () => {
    const legacyUrl = fake.endpointUrl(LEGACY_PATH);
    const { session } = await open(LEGACY_PATH, '2025-11-25');
    const end = await fetch(legacyUrl, { method: 'DELETE', headers: { 'Mcp-Session-Id': session } });
    expect(end.status).toBe(200);
    expect(fake.legacySessions().some((s) => s.id === session)).toBe(false);
    expect((await rpc(legacyUrl, 'ping', {}, { headers: era(session), meta: null })).status).toBe(404);
    expect((await fetch(legacyUrl, { method: 'DELETE' })).status).toBe(400);
    const get = await fetch(legacyUrl);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, DELETE');
  });
});

describe('the strict 2026-07-28 server', () => {
  test('answers its two tools with -32021 and -32020, initialize with -32022 naming 2026-07-28', async () => {
    const strict = fake.endpointUrl(STRICT_PATH);
    expect((await rpc(strict, 'server/discover')).json.result.supportedVersions).toEqual([V]);
    const sampling = await rpc(strict, 'tools/call', { name: NEEDS_SAMPLING_TOOL, arguments: {} });
    expect(sampling.status).toBe(400);
    expect(sampling.json.error).toEqual({
      code: -32021,
      message: 'Missing required client capability: sampling',
      data: { requiredCapabilities: { sampling: {} } },
    });
    const mismatch = await rpc(strict, 'tools/call', { name: HEADER_MISMATCH_TOOL, arguments: {} });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error.code).toBe(-32020);
    const init = await rpc(strict, 'initialize', { protocolVersion: '2025-11-25' }, { headers: era(), meta: null });
    expect(init.status).toBe(400);
    expect(init.json.error.data).toEqual({ supported: [V], requested: '(absent)' });
    expect((await rpc(strict, 'tools/call', { name: 'echo', arguments: { text: 'x' } })).json.error.code).toBe(-32602);
  });
});

describe('redirects', () => {
  test('307 to the landing path on the same origin, 307 to the second listener, 303 on the same origin', async () => {
    const elsewhere = new URL(fake.elsewhereUrl);
    expect(elsewhere.pathname).toBe(ELSEWHERE_PATH);
    expect(elsewhere.port).not.toBe(new URL(url).port);
    const cases: [string, number, string][] = [
      [MOVED_PATH, 307, LANDING_PATH],
      [MOVED_AWAY_PATH, 307, fake.elsewhereUrl],
      [SEE_OTHER_PATH, 303, LANDING_PATH],
    ];
    for (const [path, status, location] of cases) {
      const since = fake.arrivalCount();
      const response = await fetch(fake.endpointUrl(path), { method: 'POST', body: '{}', redirect: 'manual' });
      expect(response.status).toBe(status);
      expect(response.headers.get('location')).toBe(location);
      expect(fake.arrivalsSince(since)).toEqual([{ method: 'POST', path, origin: 'same' }]);
    }
  });

  test('the landing path and the second listener serve the fake as /mcp does; each listener only its own paths', async () => {
    const since = fake.arrivalCount();
    for (const target of [fake.endpointUrl(LANDING_PATH), fake.elsewhereUrl]) {
      const sent = await rpc(target, 'tools/call', { name: 'echo', arguments: { text: 'here' } });
      expect(sent.json.result.content).toEqual([{ type: 'text', text: 'here' }]);
    }
    expect(fake.arrivalsSince(since).map((a) => [a.method, a.path, a.origin])).toEqual([
      ['POST', LANDING_PATH, 'same'],
      ['POST', ELSEWHERE_PATH, 'other'],
    ]);
    expect(fake.invocationsSince(fake.invocationCount() - 2).map((i) => i.path)).toEqual([
      LANDING_PATH,
      ELSEWHERE_PATH,
    ]);
    expect((await fetch(fake.endpointUrl(ELSEWHERE_PATH), { method: 'POST', body: '{}' })).status).toBe(404);
    expect(
      (await fetch(fake.elsewhereUrl.replace(ELSEWHERE_PATH, '/mcp'), { method: 'POST', body: '{}' })).status,
    ).toBe(404);
  });

  test('a GET that a followed 303 makes is recorded as an arrival, though it is refused', async () => {
    const since = fake.arrivalCount();
    expect((await fetch(fake.endpointUrl(LANDING_PATH))).status).toBe(405);
    expect(fake.arrivalsSince(since).map((a) => a.method)).toEqual(['GET']);
  });
});

describe('the server that drops the connection', () => {
  test('reads and records the request, then closes the connection without an answer', async () => {
    const since = fake.invocationCount();
    const err = await rpc(fake.endpointUrl(DROPS_PATH), 'tools/call', { name: 'echo', arguments: { text: 'x' } }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TypeError);
    const [recorded] = fake.invocationsSince(since);
    expect(recorded).toMatchObject({ method: 'tools/call', path: DROPS_PATH, params: { name: 'echo' } });
  });

  test(`${CUT_MID_STREAM_TOOL}: an event stream that ends before the response`, async () => {
    const sent = await rpc(fake.endpointUrl(DROPS_PATH), 'tools/call', { name: CUT_MID_STREAM_TOOL, arguments: {} });
    expect(sent.status).toBe(200);
    expect(sent.type).toBe('text/event-stream');
    expect(sent.text).toBe(': the stream ends before the response\n\n');
  });
});

describe('both listeners', () => {
  test('stop() releases both ports', async () => {
    const own = createFakeMcpServer();
    const first = await own.start();
    const elsewhere = own.elsewhereUrl;
    await own.stop();
    for (const target of [first, elsewhere]) {
      const err = await fetch(target, { method: 'POST', body: '{}' }).then(
        () => undefined,
        (e: Error & { cause?: { code?: string } }) => e,
      );
      expect(err?.cause?.code).toBe('ECONNREFUSED');
    }
    expect(() => own.elsewhereUrl).toThrow(/not started/);
  });
});
