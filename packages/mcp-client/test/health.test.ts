// serverHealth (§4.5): states from server/discover, a TTL cache on an injected clock, failed probes
// never cached, one probe shared by concurrent callers, and never a connection state.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFakeMcpServer, deadEndpoint } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { McpServerNotFound, classifyDiscover, createMcpClient } from '../src/index.js';
import type { McpServerHealth } from '../src/index.js';
import { rejection, result, stubFetch } from './helpers.js';

const CONNECTED = /"(dis)?connected"/i;
const URL = 'http://127.0.0.1:1/mcp';

/** `state`, `discover` only when one was received, `reason` only when not reachable; never a connection state. */
function expectShape(health: McpServerHealth, withDiscover: boolean): void {
  const keys = [...(withDiscover ? ['discover'] : []), ...(health.state === 'reachable' ? [] : ['reason']), 'state'];
  expect(Object.keys(health).sort()).toEqual(keys);
  expect(JSON.stringify(health)).not.toMatch(CONNECTED);
}

const discover = (extra: Record<string, unknown> = {}) => ({
  resultType: 'complete',
  supportedVersions: ['2026-07-28'],
  capabilities: {},
  ttlMs: 1000,
  cacheScope: 'public',
  ...extra,
});

describe('serverHealth against the fake', () => {
  let fake: FakeMcpServer;
  let url: string;
  beforeAll(async () => {
    fake = createFakeMcpServer();
    url = await fake.start();
  });
  afterAll(() => fake.stop());

  test('reachable, with the DiscoverResult exactly as sent', async () => {
    fake.reset();
    const health = await createMcpClient({ servers: { c: { url } } }).serverHealth({ serverId: 'c' });
    expect(health.state).toBe('reachable');
    expectShape(health, true);
    const sent = fake.exchanges().filter((e) => e.method === 'server/discover');
    expect(health.discover).toStrictEqual(sent.at(-1)!.result);
    expect(health.discover!.supportedVersions).toEqual(fake.protocolVersions());
  });

  test('cached while now < receivedAt + ttlMs, probed again after; each caller gets its own copy', async () => {
    fake.reset();
    let now = 1_000_000;
    const client = createMcpClient({ servers: { c: { url } }, now: () => now });
    const probes = () => fake.invocations().filter((i) => i.method === 'server/discover').length;
    const first = await client.serverHealth({ serverId: 'c' });
    expect(probes()).toBe(1);
    first.discover!.supportedVersions.push('mutated');
    now += 3_600_000 - 1;
    const second = await client.serverHealth({ serverId: 'c' });
    expect(probes()).toBe(1);
    expect(second.discover!.supportedVersions).toEqual(fake.protocolVersions());
    expectShape(second, true);
    now += 1;
    await client.serverHealth({ serverId: 'c' });
    expect(probes()).toBe(2);
  });

  test('concurrent calls share one probe', async () => {
    fake.reset();
    const client = createMcpClient({ servers: { c: { url } } });
    const all = await Promise.all([1, 2, 3].map(() => client.serverHealth({ serverId: 'c' })));
    expect(fake.invocations()).toHaveLength(1);
    expect(all[0]).toEqual(all[1]);
    expect(all[0]).not.toBe(all[1]);
    expect(all[0]!.discover).not.toBe(all[2]!.discover);
  });

  test('reachable without discover: a fake that speaks only 2025-06-18 answers -32022, then the handshake', async () => {
    const old = createFakeMcpServer({ protocolVersions: ['2025-06-18'] });
    const oldUrl = await old.start();
    try {
      const health = await createMcpClient({ servers: { c: { url: oldUrl } } }).serverHealth({ serverId: 'c' });
      expect(health).toStrictEqual({ state: 'reachable' });
      expect(old.invocations().map((i) => [i.method, i.revision])).toEqual([
        ['server/discover', '2026-07-28'],
        ['initialize', '(absent)'],
        ['notifications/initialized', '2025-06-18'],
      ]);
      expect(old.exchanges()[0]!.error).toMatchObject({
        code: -32022,
        data: { supported: ['2025-06-18'], requested: '2026-07-28' },
      });
    } finally {
      await old.stop();
    }
  });

  test('incompatible: -32022 naming no revision this host negotiates; the reason lists both sides', async () => {
    const old = createFakeMcpServer({ protocolVersions: ['2025-06-18'] });
    const oldUrl = await old.start();
    try {
      const client = createMcpClient({ servers: { c: { url: oldUrl } }, revisions: ['2026-07-28', '2025-11-25'] });
      const health = await client.serverHealth({ serverId: 'c' });
      expect(health).toStrictEqual({
        state: 'incompatible',
        reason:
          'no revision in common: the server offers ["2025-06-18"]; this host negotiates ["2026-07-28", "2025-11-25"]',
      });
      expectShape(health, false);
      expect(old.invocations().map((i) => i.method)).toEqual(['server/discover']);
    } finally {
      await old.stop();
    }
  });

  test('unreachable: nothing listens; a down server is data, not a rejection', async () => {
    const health = await createMcpClient({ servers: { down: { url: await deadEndpoint() } } }).serverHealth({
      serverId: 'down',
    });
    expect(health).toStrictEqual({ state: 'unreachable', reason: 'connect' });
    expectShape(health, false);
  });

  test('an unknown serverId rejects with not_found', async () => {
    const err = await rejection(createMcpClient({ servers: {} }).serverHealth({ serverId: 'nope' }));
    expect(err).toBeInstanceOf(McpServerNotFound);
  });
});

describe('serverHealth outcomes (stubbed)', () => {
  test('a DiscoverResult that shares no revision is incompatible, and keeps the result', async () => {
    const sent = discover({ supportedVersions: ['2030-01-01', '2024-11-05'] });
    const { fetch } = stubFetch((body) => result(body.id, sent));
    const health = await createMcpClient({ servers: { s: { url: URL } }, fetch }).serverHealth({ serverId: 's' });
    expect(health).toStrictEqual({
      state: 'incompatible',
      discover: sent,
      reason:
        'no revision in common: the server offers ["2030-01-01", "2024-11-05"]; this host negotiates ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"]',
    });
  });

  test('any other JSON-RPC error, or no supportedVersions array, is unreachable', async () => {
    const noVersions = 'the DiscoverResult has no supportedVersions array';
    for (const [answer, reason] of [
      [
        (id: number) => ({ jsonrpc: '2.0', id, error: { code: -32603, message: 'boom' } }),
        'mcp_error -32603 (HTTP 200)',
      ],
      // -32601 to server/discover marks an older server; its initialize then fails the same way.
      [
        (id: number) => ({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }),
        'mcp_error -32601 (HTTP 200)',
      ],
      [(id: number) => result(id, discover({ supportedVersions: '2026-07-28' })), noVersions],
      [(id: number) => result(id, { resultType: 'complete' }), noVersions],
    ] as const) {
      const { fetch } = stubFetch((body) => answer(body.id));
      const health = await createMcpClient({ servers: { s: { url: URL } }, fetch }).serverHealth({ serverId: 's' });
      expect(health).toStrictEqual({ state: 'unreachable', reason });
    }
  });

  test('failed probes are never cached, so recovery shows at once', async () => {
    const outcomes: ((id: number) => unknown)[] = [
      () => {
        throw new TypeError('fetch failed');
      },
      (id) => ({
        jsonrpc: '2.0',
        id,
        error: { code: -32022, message: 'Unsupported', data: { supported: [], requested: 'x' } },
      }),
      (id) => result(id, { resultType: 'complete' }),
      (id) => result(id, discover()),
    ];
    const stub = stubFetch((body, index) => outcomes[index]!(body.id));
    const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch, now: () => 0 });
    const states = [];
    for (let i = 0; i < 4; i++) states.push((await client.serverHealth({ serverId: 's' })).state);
    expect(states).toEqual(['unreachable', 'incompatible', 'unreachable', 'reachable']);
    expect(stub.sent).toHaveLength(4);
  });

  test('ttlMs 0, negative, absent or not a number: stale at once', async () => {
    for (const ttl of [{ ttlMs: 0 }, { ttlMs: -5 }, { ttlMs: undefined }, { ttlMs: '1000' }]) {
      const stub = stubFetch((body) => result(body.id, discover(ttl)));
      const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch, now: () => 0 });
      await client.serverHealth({ serverId: 's' });
      await client.serverHealth({ serverId: 's' });
      expect(stub.sent).toHaveLength(2);
    }
  });

  test('the probe is server/discover with _meta only, on the discover deadline', async () => {
    const stub = stubFetch((body) => result(body.id, discover()));
    await createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch }).serverHealth({ serverId: 's' });
    expect(stub.sent[0]!.body.method).toBe('server/discover');
    expect(Object.keys(stub.sent[0]!.body.params)).toEqual(['_meta']);
    expect(stub.sent[0]!.headers.get('mcp-method')).toBe('server/discover');
  });

  test('the discover deadline is its own (5 s default, configurable)', async () => {
    // A fetch that only ever settles through its abort signal shows which deadline was armed.
    const fetch = ((_input: unknown, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      )) as typeof globalThis.fetch;
    const client = createMcpClient({ servers: { s: { url: URL, discoverTimeoutMs: 20, timeoutMs: 60_000 } }, fetch });
    await expect(client.serverHealth({ serverId: 's' })).resolves.toStrictEqual({
      state: 'unreachable',
      reason: 'timeout',
    });
  });

  test('classifyDiscover matches any revision the host negotiates', () => {
    const sent = { resultType: 'complete', supportedVersions: ['2030-01-01', '2026-07-28'] };
    expect(classifyDiscover(sent, ['2026-07-28']).state).toBe('reachable');
    expect(classifyDiscover(sent, ['2031-01-01']).state).toBe('incompatible');
    expect(classifyDiscover({ resultType: 'complete' }, ['2026-07-28']).state).toBe('unreachable');
  });
});

describe('serverHealth on hostile input: it always resolves', () => {
  test('a DiscoverResult nested 10,000 deep is reachable, served again from the cache, intact each time', async () => {
    // Built as text: JSON.stringify itself recurses too deep for this value.
    const depth = 10_000;
    const deep = `${'{"a":'.repeat(depth)}{"leaf":true}${'}'.repeat(depth)}`;
    const text = `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{"experimental":{"deep":${deep}}},"ttlMs":60000,"cacheScope":"public"}}`;
    const stub = stubFetch(() => new Response(text, { headers: { 'Content-Type': 'application/json' } }));
    const client = createMcpClient({ servers: { s: { url: URL } }, fetch: stub.fetch, now: () => 0 });
    for (let i = 0; i < 2; i++) {
      const health = await client.serverHealth({ serverId: 's' });
      expect(health.state).toBe('reachable');
      let node = (health.discover!.capabilities.experimental as Record<string, Record<string, unknown>>)['deep'];
      for (let level = 0; level < depth; level++) node = node!['a'] as Record<string, unknown>;
      expect(node).toStrictEqual({ leaf: true });
    }
    expect(stub.sent).toHaveLength(1);
  });

  test('a body past maxResponseBytes is unreachable (too_large), never a rejection', async () => {
    const huge = JSON.stringify(result(1, discover({ padding: 'x'.repeat(2048) })));
    const stub = stubFetch(() => new Response(huge, { headers: { 'Content-Type': 'application/json' } }));
    const client = createMcpClient({ servers: { s: { url: URL, maxResponseBytes: 1024 } }, fetch: stub.fetch });
    await expect(client.serverHealth({ serverId: 's' })).resolves.toStrictEqual({
      state: 'unreachable',
      reason: 'too_large 200',
    });
  });

  test('a fetch that throws something odd still resolves unreachable', async () => {
    const fetch = (() => {
      // The point of the test: a fetch that throws a non-Error.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw Symbol('odd');
    }) as unknown as typeof globalThis.fetch;
    await expect(
      createMcpClient({ servers: { s: { url: URL } }, fetch }).serverHealth({ serverId: 's' }),
    ).resolves.toStrictEqual({
      state: 'unreachable',
      reason: 'interrupted',
    });
  });
});
