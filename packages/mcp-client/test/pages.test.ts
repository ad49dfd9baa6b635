// listToolsPage, the host-internal page read the tool catalog uses: one page, cacheable on request,
// keyed on (serverId, url, cursor) plus the authorization context for "private" pages.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createFakeMcpServer } from '@openwop-spec/mcp-fake-server';
import type { FakeMcpServer } from '@openwop-spec/mcp-fake-server';
import { createMcpClient } from '../src/index.js';
import { TtlCache, expiresAt } from '../src/cache.js';
import { result, stubFetch } from './helpers.js';

describe('listToolsPage', () => {
  let fake: FakeMcpServer;
  let url: string;
  beforeAll(async () => {
    fake = createFakeMcpServer();
    url = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());
  const lists = () => fake.invocations().filter((i) => i.method === 'tools/list').length;

  test('one page, unaltered, cursor forwarded', async () => {
    const client = createMcpClient({ servers: { c: { url } } });
    const first = await client.listToolsPage('c');
    const second = await client.listToolsPage('c', first.nextCursor);
    const sent = fake.exchanges();
    expect(first).toStrictEqual(sent[0]!.result);
    expect(second).toStrictEqual(sent[1]!.result);
    expect((sent[1]!.params as { cursor: string }).cursor).toBe('fake-page:3');
  });

  test('with cache: true a page is served while fresh (ttlMs 60000), per cursor, then fetched again', async () => {
    let now = 0;
    const client = createMcpClient({ servers: { c: { url } }, now: () => now });
    const page = await client.listToolsPage('c', undefined, { cache: true });
    page.tools.length = 0; // a caller's mutation must not reach the cache
    now = 59_999;
    const again = await client.listToolsPage('c', undefined, { cache: true });
    expect(lists()).toBe(1);
    expect(again).toStrictEqual(fake.exchanges()[0]!.result);
    await client.listToolsPage('c', 'fake-page:3', { cache: true });
    expect(lists()).toBe(2);
    now = 60_000;
    await client.listToolsPage('c', undefined, { cache: true });
    expect(lists()).toBe(3);
  });

  test('without cache: true every call goes to the server', async () => {
    const client = createMcpClient({ servers: { c: { url } }, now: () => 0 });
    await client.listToolsPage('c');
    await client.listToolsPage('c');
    await client.listToolsPage('c', undefined, { cache: false });
    expect(lists()).toBe(3);
  });

  test('the pack-facing listTools never answers from the page cache', async () => {
    const client = createMcpClient({ servers: { c: { url } }, now: () => 0 });
    await client.listToolsPage('c', undefined, { cache: true });
    await client.listTools({ serverId: 'c' });
    expect(lists()).toBe(2);
  });

  test('a page that is not complete is not cached', async () => {
    const stub = stubFetch((body) =>
      result(body.id, { resultType: 'input_required', tools: [], ttlMs: 60_000, cacheScope: 'public' }),
    );
    const client = createMcpClient({
      servers: { s: { url: 'http://127.0.0.1:1/mcp' } },
      fetch: stub.fetch,
      now: () => 0,
    });
    await client.listToolsPage('s', undefined, { cache: true });
    await client.listToolsPage('s', undefined, { cache: true });
    expect(stub.sent).toHaveLength(2);
  });

  test('a page nested 10,000 deep is cached and served again intact (the cache copies without recursion)', async () => {
    const depth = 10_000;
    const schema = `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`;
    const text = `{"jsonrpc":"2.0","id":1,"result":{"resultType":"complete","tools":[{"name":"deep","inputSchema":{"type":"object","x":${schema}}}],"ttlMs":60000,"cacheScope":"public"}}`;
    const stub = stubFetch(() => new Response(text, { headers: { 'Content-Type': 'application/json' } }));
    const client = createMcpClient({
      servers: { s: { url: 'http://127.0.0.1:1/mcp' } },
      fetch: stub.fetch,
      now: () => 0,
    });
    for (let i = 0; i < 2; i++) {
      const page = await client.listToolsPage('s', undefined, { cache: true });
      let node = page.tools[0]!.inputSchema['x'] as Record<string, unknown>;
      for (let level = 0; level < depth; level++) node = node['a'] as Record<string, unknown>;
      expect(node).toStrictEqual({});
    }
    expect(stub.sent).toHaveLength(1);
  });

  test('two servers at the same url do not share entries', async () => {
    const client = createMcpClient({ servers: { a: { url }, b: { url } }, now: () => 0 });
    await client.listToolsPage('a', undefined, { cache: true });
    await client.listToolsPage('b', undefined, { cache: true });
    expect(lists()).toBe(2);
  });
});

describe('TtlCache', () => {
  const key = ['s', 'http://127.0.0.1/mcp', null];

  test('a "private" entry is served only to the authorization context that received it', () => {
    const cache = new TtlCache<{ ttlMs: number; cacheScope: string; v: number }>();
    cache.set(key, { ttlMs: 100, cacheScope: 'private', v: 1 }, 'tenant-a', 0);
    expect(cache.get(key, 'tenant-a', 50)?.v).toBe(1);
    expect(cache.get(key, 'tenant-b', 50)).toBeUndefined();
    expect(cache.get(key, undefined, 50)).toBeUndefined();
  });

  test('a "public" entry is served to any context; anything else counts as private', () => {
    const cache = new TtlCache<{ ttlMs: number; cacheScope?: string; v: number }>();
    cache.set(key, { ttlMs: 100, cacheScope: 'public', v: 1 }, 'tenant-a', 0);
    expect(cache.get(key, 'tenant-b', 99)?.v).toBe(1);
    const other = ['other'];
    cache.set(other, { ttlMs: 100, v: 2 }, 'tenant-a', 0);
    expect(cache.get(other, 'tenant-b', 1)).toBeUndefined();
    expect(cache.get(other, 'tenant-a', 1)?.v).toBe(2);
  });

  test('fresh while now < receivedAt + ttlMs; bad ttlMs values are 0', () => {
    const cache = new TtlCache<{ ttlMs: number; cacheScope: string }>();
    cache.set(key, { ttlMs: 100, cacheScope: 'public' }, undefined, 10);
    expect(cache.get(key, undefined, 109)).toBeDefined();
    expect(cache.get(key, undefined, 110)).toBeUndefined();
    expect(expiresAt(10, -1)).toBe(10);
    expect(expiresAt(10, Number.NaN)).toBe(10);
    expect(expiresAt(10, '5')).toBe(10);
    expect(expiresAt(10, undefined)).toBe(10);
  });
});
