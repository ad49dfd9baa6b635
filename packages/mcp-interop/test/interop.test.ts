// ctx.mcp against the MCP servers people run, with the client's default options (deadlines apart): each deployment
// is started on 127.0.0.1 inside the test, behind a recording loopback proxy, and every result the
// client resolves must deep-equal the `result` member on the wire.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMcpClient } from '@openwop-spec/mcp-client';
import type { McpClient } from '@openwop-spec/mcp-client';
import { createToolCatalog } from '@openwop-spec/tool-catalog';
import type { ToolDescriptor } from '@openwop-spec/tool-catalog';
import { BLOB_URI, FIXTURE_TOOLS, README_URI } from './fixture.js';
import { sdk1Sessions, sdk1Stateless, serverEverything, v2Server } from './deployments.js';
import type { Deployment } from './deployments.js';
import { recordingProxy } from './recorder.js';
import type { Recorder } from './recorder.js';

interface Setup {
  name: string;
  start: () => Promise<Deployment & { sessions?: () => number }>;
  /** The revision the client ends up speaking to it. */
  revision: string;
  resumable?: boolean;
}

const FIXTURE_DEPLOYMENTS: Setup[] = [
  { name: 'SDK 1.x stateless, JSON answers', start: () => sdk1Stateless('json'), revision: '2025-11-25' },
  { name: 'SDK 1.x stateless, SSE answers', start: () => sdk1Stateless('sse'), revision: '2025-11-25' },
  { name: 'SDK 1.x with sessions', start: () => sdk1Sessions({ eventStore: false }), revision: '2025-11-25' },
  {
    name: 'SDK 1.x with sessions and an event store',
    start: () => sdk1Sessions({ eventStore: true }),
    revision: '2025-11-25',
    resumable: true,
  },
  { name: 'the v2 server package', start: v2Server, revision: '2026-07-28' },
];

const SERVER = 'interop';
/**
 * The client's default options, except its deadlines: a deadline measures the machine, and a test
 * on a busy two-core box must not turn into a timing test (nothing here waits on one to pass).
 */
const server = (url: string) => ({ [SERVER]: { url, timeoutMs: 300_000, discoverTimeoutMs: 300_000 } });

/** Calls through the client and checks the resolved value against the recorded answer to that request. */
async function unaltered<T>(
  recorder: Recorder,
  method: string,
  match: (params: Record<string, unknown>) => boolean,
  call: () => Promise<T>,
): Promise<T> {
  const resolved = await call();
  const sent = recorder.answerTo(recorder.lastId(method, match));
  expect(sent.error).toBeUndefined();
  expect(resolved).toStrictEqual(sent.result);
  return resolved;
}

/** Every page through the pack-facing listTools, each deep-equal to its recorded answer. */
async function everyPage(client: McpClient, recorder: Recorder): Promise<Record<string, unknown>[]> {
  const tools: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  do {
    const page = await unaltered(
      recorder,
      'tools/list',
      (p) => p['cursor'] === cursor,
      () => client.listTools({ serverId: SERVER, ...(cursor === undefined ? {} : { cursor }) }),
    );
    tools.push(...(page.tools as unknown as Record<string, unknown>[]));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/** The catalog's view of the server: every tool unclassified, so every one `write`, whatever it claims. */
async function expectCatalogWrites(client: McpClient, names: string[]): Promise<ToolDescriptor[]> {
  const catalog = createToolCatalog({ mcp: { client, serverIds: [SERVER], classifications: {} } });
  const { tools } = await catalog.read();
  expect(tools.map((t) => t.toolId).sort()).toEqual(names.map((n) => `mcp:${SERVER}.${n}`).sort());
  for (const tool of tools) {
    expect(tool).toMatchObject({
      source: 'mcp',
      safetyTier: 'write',
      annotations: { readOnlyHint: false, destructiveHint: true },
    });
  }
  return tools;
}

/** Starts a deployment behind a recording proxy for the block's tests, with a default-option client; closes all after. */
function deployed(start: () => Promise<Deployment & { sessions?: () => number }>) {
  const s = {} as { deployment: Deployment & { sessions?: () => number }; recorder: Recorder; client: McpClient };
  beforeAll(async () => {
    s.deployment = await start();
    s.recorder = await recordingProxy(s.deployment.url);
    s.client = createMcpClient({ servers: server(s.recorder.url) });
  });
  afterAll(async () => {
    await s.client.close();
    await s.recorder.close();
    await s.deployment.close();
  });
  return s;
}

describe.each(FIXTURE_DEPLOYMENTS)('$name', ({ start, revision, resumable }) => {
  const s = deployed(start);

  test(`serverHealth is reachable, at ${revision}`, async () => {
    const health = await s.client.serverHealth({ serverId: SERVER });
    expect(health.state).toBe('reachable');
    if (revision === '2026-07-28') {
      expect(health.discover).toStrictEqual(s.recorder.answerTo(s.recorder.lastId('server/discover')).result);
    } else {
      expect(health).toStrictEqual({ state: 'reachable' });
      const init = s.recorder.exchanges().find((e) => e.body?.['method'] === 'initialize')!;
      expect(init.messages).toHaveLength(1);
      expect((s.recorder.answerTo(init.body!['id']).result as Record<string, unknown>)['protocolVersion']).toBe(
        revision,
      );
    }
  });

  test('every tools/list page resolves unaltered; the listed tools are the fixture', async () => {
    const tools = await everyPage(s.client, s.recorder);
    expect(tools.map((t) => t['name'])).toEqual(FIXTURE_TOOLS.map((t) => t.name));
    const pages = s.recorder.exchanges().filter((e) => e.body?.['method'] === 'tools/list');
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) expect(page.headers['mcp-protocol-version']).toBe(revision);
  });

  test('tools/call: structured content, isError, image/audio/resource/resource_link, each as sent', async () => {
    const call = (name: string, args: Record<string, unknown> = {}) =>
      unaltered(
        s.recorder,
        'tools/call',
        (p) => p['name'] === name,
        () => s.client.callTool({ serverId: SERVER, name, arguments: args, idempotencyKey: `k-${name}` }),
      );
    expect((await call('structured', { n: 21 })).structuredContent).toStrictEqual({ doubled: 42 });
    expect((await call('fails')).isError).toBe(true);
    const media = await call('media');
    expect(media.content.map((c) => c.type)).toEqual(['image', 'audio', 'resource', 'resource_link']);
    const plain = await call('plain', { text: 'as is' });
    // Nothing added: an older revision's result carries no resultType, and none is written in.
    expect(Object.hasOwn(plain, 'resultType')).toBe(revision === '2026-07-28');
    expect(Object.hasOwn(plain, 'isError')).toBe(false);
  });

  test('readResource resolves unaltered, text and blob', async () => {
    for (const uri of [README_URI, BLOB_URI]) {
      await unaltered(
        s.recorder,
        'resources/read',
        (p) => p['uri'] === uri,
        () => s.client.readResource({ serverId: SERVER, uri }),
      );
    }
  });

  test(
    resumable === true
      ? 'a stream the server cuts after its priming event is resumed with Last-Event-ID'
      : 'a call whose stream the server cannot cut is answered on its own request',
    async () => {
      await unaltered(
        s.recorder,
        'tools/call',
        (p) => p['name'] === 'slow',
        () => s.client.callTool({ serverId: SERVER, name: 'slow', idempotencyKey: 'k-slow' }),
      );
      const post = s.recorder
        .exchanges()
        .filter((e) => e.body?.['method'] === 'tools/call')
        .at(-1)!;
      const resumed = s.recorder
        .exchanges()
        .filter((e) => e.method === 'GET' && e.headers['last-event-id'] !== undefined);
      if (resumable !== true) {
        expect(resumed).toEqual([]);
        return;
      }
      expect(post.contentType).toMatch(/^text\/event-stream/);
      expect(resumed.length).toBeGreaterThanOrEqual(1);
      expect(resumed[0]!.headers['mcp-session-id']).toBe(post.headers['mcp-session-id']);
    },
  );

  test('the tool catalog projects every tool as write, the one claiming readOnlyHint included', async () => {
    const tools = await expectCatalogWrites(
      s.client,
      FIXTURE_TOOLS.map((t) => t.name),
    );
    expect(tools.find((t) => t.toolId === `mcp:${SERVER}.structured`)!.title).toBe('Structured');
  });

  test('close() ends the session with DELETE where the server assigned one', async () => {
    const hadSession = s.recorder.exchanges().some((e) => e.headers['mcp-session-id'] !== undefined);
    await s.client.close();
    const deletes = s.recorder.exchanges().filter((e) => e.method === 'DELETE');
    expect(deletes.length).toBe(hadSession ? 1 : 0);
    if (s.deployment.sessions !== undefined) expect(s.deployment.sessions()).toBe(0);
  });
});

describe('server-everything over Streamable HTTP', () => {
  const s = deployed(serverEverything);

  const call = (name: string, args: Record<string, unknown>) =>
    unaltered(
      s.recorder,
      'tools/call',
      (p) => p['name'] === name,
      () => s.client.callTool({ serverId: SERVER, name, arguments: args, idempotencyKey: `k-${name}` }),
    );

  test('serverHealth is reachable (2025-11-25, in a session with an event store)', async () => {
    await expect(s.client.serverHealth({ serverId: SERVER })).resolves.toStrictEqual({ state: 'reachable' });
    const init = s.recorder.exchanges().find((e) => e.body?.['method'] === 'initialize')!;
    expect(init.contentType).toMatch(/^text\/event-stream/);
  });

  test('every tools/list page, and calls of each content kind, resolve unaltered', async () => {
    const tools = await everyPage(s.client, s.recorder);
    const names = tools.map((t) => t['name']);
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'get-sum', 'get-tiny-image', 'get-structured-content', 'get-resource-links']),
    );
    expect((await call('echo', { message: 'hi' })).content).toStrictEqual([{ type: 'text', text: 'Echo: hi' }]);
    await call('get-sum', { a: 2, b: 3 });
    expect((await call('get-tiny-image', {})).content.map((c) => c.type)).toContain('image');
    expect((await call('get-structured-content', { location: 'Chicago' })).structuredContent).toBeDefined();
    await call('get-annotated-message', { messageType: 'error', includeImage: true });
    const links = await call('get-resource-links', { count: 2 });
    expect(links.content.map((c) => c.type)).toContain('resource_link');
    expect(
      (await call('get-resource-reference', { resourceType: 'Text', resourceId: 1 })).content.map((c) => c.type),
    ).toContain('resource');
    // Arguments the tool's schema refuses: a tool error, inside the result.
    expect((await call('get-sum', { a: 'two' })).isError).toBe(true);
    const link = links.content.find((c) => c.type === 'resource_link') as { uri: string };
    await unaltered(
      s.recorder,
      'resources/read',
      (p) => p['uri'] === link.uri,
      () => s.client.readResource({ serverId: SERVER, uri: link.uri }),
    );
  });

  test("the tool catalog projects every tool as write, echo's readOnlyHint notwithstanding", async () => {
    const listed = s.recorder.exchanges().filter((e) => e.body?.['method'] === 'tools/list');
    const names = listed.flatMap((e) =>
      (s.recorder.answerTo(e.body!['id']).result as { tools: { name: string }[] }).tools.map((t) => t.name),
    );
    await expectCatalogWrites(s.client, [...new Set(names)]);
  });
});

describe('each older revision on its own, against the SDK 1.x with sessions', () => {
  test.each(['2025-11-25', '2025-06-18', '2025-03-26'])(
    'revisions: [%s] runs that handshake and its header rule',
    async (revision) => {
      const deployment = await sdk1Sessions({ eventStore: false });
      const recorder = await recordingProxy(deployment.url);
      const client = createMcpClient({ servers: server(recorder.url), revisions: [revision] });
      try {
        await unaltered(
          recorder,
          'tools/call',
          (p) => p['name'] === 'structured',
          () => client.callTool({ serverId: SERVER, name: 'structured', arguments: { n: 2 }, idempotencyKey: 'k' }),
        );
        const [init, ...rest] = recorder.exchanges().filter((e) => e.method === 'POST');
        expect((init!.body!['params'] as Record<string, unknown>)['protocolVersion']).toBe(revision);
        // 2025-03-26 defines no MCP-Protocol-Version header; the later revisions send it after initialize.
        for (const e of rest)
          expect(e.headers['mcp-protocol-version']).toBe(revision === '2025-03-26' ? undefined : revision);
        expect(rest.every((e) => typeof e.headers['mcp-session-id'] === 'string')).toBe(true);
      } finally {
        await client.close();
        await recorder.close();
        await deployment.close();
      }
    },
  );
});
