// The fake's own contract, driven with plain fetch so nothing here depends
// on the client under test.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import {
  ALWAYS_ERROR_CONTENT,
  FakeMcpServer,
  NO_CLAIM_PREFIX,
  READONLY_CLAIM_ANNOTATIONS,
  READONLY_CLAIM_PREFIX,
  TOOLS_PAGE_SIZE,
  UNSHARED_REVISION_PATH,
  createFakeMcpServer,
  EARLIER_REVISION,
  EARLIER_REVISION_PATH,
  INCOMPATIBLE_REVISION,
  INCOMPATIBLE_REVISION_PATH,
  deadEndpoint,
  decodeHeaderValue,
  isLoopbackHost,
  isLoopbackUrl,
} from '../src/index.js';
import type { Exchange } from '../src/index.js';
import { ELICIT_META, META, SERVER_INFO, V, rpc } from './rpc.js';

describe('FakeMcpServer (json)', () => {
  let fake: FakeMcpServer;
  let url: string;
  let clock = 0;
  beforeAll(async () => {
    fake = createFakeMcpServer({ resources: true, now: () => ++clock });
    url = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => fake.reset());

  test('binds 127.0.0.1 on an ephemeral port and serves POST /mcp only', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(await fake.start()).toBe(url);
    expect(fake.url).toBe(url);
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await fetch(url, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    expect((await fetch(url.replace('/mcp', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
    expect(fake.invocations()).toEqual([]);
  });

  test('parse errors and invalid requests are 400 with -32700 / -32600', async () => {
    const parse = await fetch(url, { method: 'POST', body: '{nope' });
    expect(parse.status).toBe(400);
    expect(await parse.json()).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } });
    const invalid = await fetch(url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 7 }) });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32600, message: 'Invalid Request' },
    });
  });

  test('a notification gets 202 and no body; it is recorded as an invocation only', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'MCP-Protocol-Version': V, 'Mcp-Method': 'notifications/cancelled' },
      body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} }),
    });
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
    expect(fake.invocations().map((i) => i.method)).toEqual(['notifications/cancelled']);
    expect(fake.exchanges()).toEqual([]);
  });

  test('server/discover: versions, capabilities, caching hints and serverInfo', async () => {
    const sent = await rpc(url, 'server/discover');
    expect(sent.status).toBe(200);
    expect(sent.json.result).toEqual({
      resultType: 'complete',
      supportedVersions: ['2026-07-28', '2025-06-18'],
      capabilities: { tools: {}, extensions: {}, resources: {} },
      instructions: expect.any(String),
      ttlMs: 3_600_000,
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    });
    expect(fake.protocolVersions()).toEqual(['2026-07-28', '2025-06-18']);
  });

  test('server/discover tolerates a missing body protocolVersion; other methods do not', async () => {
    expect((await rpc(url, 'server/discover', {}, { meta: null })).status).toBe(200);
    const list = await rpc(url, 'tools/list', {}, { meta: null });
    expect(list.status).toBe(400);
    expect(list.json.error.code).toBe(-32020);
  });

  test('tools/list: seven tools paged 3 + 3 + 1, with outputSchema, annotations, ttlMs 60000, cacheScope "private"', async () => {
    const first = (await rpc(url, 'tools/list')).json.result;
    expect(first.tools.map((t: { name: string }) => t.name)).toEqual(['echo', 'structured-echo', 'always-error']);
    expect(first.nextCursor).toBe('fake-page:3');
    expect(first).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'private' });
    const echo = first.tools[1];
    expect(echo).toMatchObject({
      title: 'Structured echo',
      outputSchema: { type: 'object', required: ['n', 'nonce'] },
      annotations: {
        title: 'Echo, structured',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      _meta: { 'dev.openwop.conformance/fixture': 'rfc-0204' },
    });
    const second = (await rpc(url, 'tools/list', { cursor: first.nextCursor })).json.result;
    expect(second.tools.map((t: { name: string }) => t.name)).toEqual([
      fake.readonlyClaimToolName(),
      'needs_input',
      'needs_input_loop',
    ]);
    expect(second.nextCursor).toBe('fake-page:6');
    expect(second).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
    expect(second.tools[0].annotations).toEqual(READONLY_CLAIM_ANNOTATIONS);
    // needs_input names itself only in annotations.title.
    expect(second.tools[1]).not.toHaveProperty('title');
    expect(second.tools[1].annotations).toEqual({ title: 'Needs input' });
    const third = (await rpc(url, 'tools/list', { cursor: second.nextCursor })).json.result;
    expect(third.tools.map((t: { name: string }) => t.name)).toEqual([fake.noClaimToolName()]);
    expect(third).not.toHaveProperty('nextCursor');
    expect([...first.tools, ...second.tools, ...third.tools]).toEqual(fake.currentTools());
    expect(TOOLS_PAGE_SIZE).toBe(3);
  });

  test('the claim tool and its twin differ only in name and annotations', () => {
    const tools = fake.currentTools();
    const claim = tools.find((t) => t['name'] === fake.readonlyClaimToolName())!;
    const twin = tools.find((t) => t['name'] === fake.noClaimToolName())!;
    const { name: _c, annotations, ...claimRest } = claim;
    const { name: _t, ...twinRest } = twin;
    expect(annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(twinRest).toEqual(claimRest);
  });

  test('a bad cursor is HTTP 200 -32602 "Invalid cursor"', async () => {
    for (const cursor of ['fake-page:0', 'fake-page:9', 'fake-page:2', 'page-2', 3]) {
      const sent = await rpc(url, 'tools/list', { cursor });
      expect(sent.status).toBe(200);
      expect(sent.json.error).toEqual({ code: -32602, message: 'Invalid cursor' });
    }
  });

  test('the two unclassifiable tools carry an 8-hex nonce drawn per server', () => {
    expect(fake.readonlyClaimToolName()).toMatch(new RegExp(`^${READONLY_CLAIM_PREFIX}[0-9a-f]{8}$`));
    expect(fake.noClaimToolName()).toMatch(new RegExp(`^${NO_CLAIM_PREFIX}[0-9a-f]{8}$`));
    expect(fake.noClaimToolName().slice(NO_CLAIM_PREFIX.length)).toBe(
      fake.readonlyClaimToolName().slice(READONLY_CLAIM_PREFIX.length),
    );
    expect(createFakeMcpServer().readonlyClaimToolName()).not.toBe(fake.readonlyClaimToolName());
  });

  test('tools/call answers', async () => {
    const echo = (await rpc(url, 'tools/call', { name: 'echo', arguments: { text: 'hi' } })).json.result;
    expect(echo).toEqual({
      resultType: 'complete',
      content: [{ type: 'text', text: 'hi' }],
      isError: false,
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    });
    const structured = (await rpc(url, 'tools/call', { name: 'structured-echo', arguments: { nonce: 'c0ffee01' } }))
      .json.result;
    expect(structured).toStrictEqual({
      resultType: 'complete',
      content: [{ type: 'text', text: 'ok' }],
      structuredContent: { n: 7, nonce: 'c0ffee01' },
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO, 'dev.openwop.conformance/nonce': 'c0ffee01' },
    });
    const failing = (await rpc(url, 'tools/call', { name: 'always-error' })).json.result;
    expect(failing).toEqual({
      resultType: 'complete',
      content: ALWAYS_ERROR_CONTENT,
      isError: true,
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    });
    const claim = (await rpc(url, 'tools/call', { name: fake.readonlyClaimToolName() })).json.result;
    expect(claim.content).toEqual([{ type: 'text', text: 'this tool claimed to be read-only' }]);
    const twin = (await rpc(url, 'tools/call', { name: fake.noClaimToolName() })).json.result;
    expect(twin.content).toEqual([{ type: 'text', text: 'this tool made no claim' }]);
    const unknown = await rpc(url, 'tools/call', { name: 'nope' });
    expect(unknown.status).toBe(200);
    expect(unknown.json.error).toMatchObject({ code: -32602, message: 'Unknown tool' });
    const badArgs = await rpc(url, 'tools/call', { name: 'structured-echo', arguments: {} });
    expect(badArgs.json.error.code).toBe(-32602);
  });

  test('needs_input without the elicitation capability: 400 -32021 with requiredCapabilities', async () => {
    for (const name of ['needs_input', 'needs_input_loop']) {
      const sent = await rpc(url, 'tools/call', { name });
      expect(sent.status).toBe(400);
      expect(sent.json.error).toEqual({
        code: -32021,
        message: 'Missing required client capability',
        data: { requiredCapabilities: { elicitation: {} } },
      });
    }
  });

  test('needs_input with elicitation: input_required, then complete on a retry echoing requestState', async () => {
    const first = (await rpc(url, 'tools/call', { name: 'needs_input' }, { meta: ELICIT_META })).json.result;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { who: { method: 'elicitation/create' } },
      requestState: 'mrtr:needs_input:1',
    });
    const retry = {
      name: 'needs_input',
      inputResponses: { who: { action: 'decline' } },
      requestState: first.requestState,
    };
    const done = (await rpc(url, 'tools/call', retry, { meta: ELICIT_META })).json.result;
    expect(done).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'needs_input answered: decline' }],
    });
    const tampered = await rpc(
      url,
      'tools/call',
      { ...retry, requestState: 'mrtr:needs_input:1 ' },
      { meta: ELICIT_META },
    );
    expect(tampered.json.error).toEqual({ code: -32602, message: 'Invalid requestState' });
    const unanswered = await rpc(
      url,
      'tools/call',
      { name: 'needs_input', requestState: 'mrtr:needs_input:1' },
      { meta: ELICIT_META },
    );
    expect(unanswered.json.error.code).toBe(-32602);
  });

  test('needs_input_loop never completes: the round advances with each echoed requestState', async () => {
    let state: string | undefined;
    for (let round = 1; round <= 3; round++) {
      const params = {
        name: 'needs_input_loop',
        ...(state === undefined ? {} : { requestState: state, inputResponses: { who: { action: 'decline' } } }),
      };
      const answer = (await rpc(url, 'tools/call', params, { meta: ELICIT_META })).json.result;
      expect(answer.resultType).toBe('input_required');
      expect(answer.requestState).toBe(`mrtr:needs_input_loop:${round}`);
      state = answer.requestState;
    }
  });

  test('-32020: body version differs, Mcp-Method missing or different, Mcp-Name missing or different', async () => {
    const cases: [string, Record<string, unknown>, Parameters<typeof rpc>[3]][] = [
      ['tools/list', {}, { meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-06-18' } }],
      ['tools/list', {}, { headers: { 'Mcp-Method': undefined } }],
      ['tools/list', {}, { headers: { 'Mcp-Method': 'tools/call' } }],
      ['tools/call', { name: 'echo', arguments: { text: 'x' } }, { headers: { 'Mcp-Name': undefined } }],
      ['tools/call', { name: 'echo', arguments: { text: 'x' } }, { headers: { 'Mcp-Name': 'Echo' } }],
      ['tools/call', { name: 'echo', arguments: { text: 'x' } }, { headers: { 'Mcp-Name': '=?base64?not base64?=' } }],
      ['resources/read', { uri: 'conformance://fixture/readme' }, { headers: { 'Mcp-Name': 'conformance://other' } }],
    ];
    for (const [method, params, options] of cases) {
      const sent = await rpc(url, method, params, options);
      expect(sent.status).toBe(400);
      expect(sent.json.error.code).toBe(-32020);
      expect(sent.json.error.message).toMatch(/^Header mismatch: /);
    }
  });

  test('Mcp-Name in the base64 sentinel form is decoded before comparing', async () => {
    const name = 'structured-echo';
    const sent = await rpc(
      url,
      'tools/call',
      { name, arguments: { nonce: 'n' } },
      {
        headers: { 'Mcp-Name': `=?base64?${Buffer.from(name).toString('base64')}?=` },
      },
    );
    expect(sent.status).toBe(200);
    expect(sent.json.result.structuredContent).toEqual({ n: 7, nonce: 'n' });
    expect(decodeHeaderValue('=?base64?w6k=?=')).toBe('é');
    expect(decodeHeaderValue('plain')).toBe('plain');
    expect(decodeHeaderValue('=?base64?abc?=')).toBeUndefined();
  });

  test('-32022: a revision the fake does not speak', async () => {
    const sent = await rpc(url, 'tools/list', {}, { headers: { 'MCP-Protocol-Version': '2099-01-01' } });
    expect(sent.status).toBe(400);
    expect(sent.json.error).toEqual({
      code: -32022,
      message: 'Unsupported protocol version',
      data: { supported: ['2026-07-28', '2025-06-18'], requested: '2099-01-01' },
    });
  });

  test('no MCP-Protocol-Version header with a pre-2026 revision configured: the legacy subset', async () => {
    const legacy = { 'MCP-Protocol-Version': undefined, 'Mcp-Method': undefined };
    const init = await rpc(
      url,
      'initialize',
      { protocolVersion: '2025-06-18', capabilities: {} },
      { headers: legacy, meta: null },
    );
    expect(init.json.result).toEqual({
      protocolVersion: '2025-06-18',
      capabilities: { tools: {} },
      serverInfo: SERVER_INFO,
    });
    const list = await rpc(url, 'tools/list', {}, { headers: legacy, meta: null });
    expect(list.json.result.tools.map((t: { name: string }) => t.name)).toEqual(['echo']);
    const call = await rpc(
      url,
      'tools/call',
      { name: 'echo', arguments: { text: 'old' } },
      { headers: legacy, meta: null },
    );
    expect(call.json.result).toEqual({ content: [{ type: 'text', text: 'old' }], isError: false });
    const other = await rpc(url, 'server/discover', {}, { headers: legacy, meta: null });
    expect(other.status).toBe(404);
    expect(fake.invocations()[0]!.revision).toBe('(absent)');
  });

  test('resources/read (opt-in): the fixture resource, and -32602 for any other uri', async () => {
    const sent = await rpc(url, 'resources/read', { uri: 'conformance://fixture/readme' });
    expect(sent.json.result).toMatchObject({
      resultType: 'complete',
      contents: [{ uri: 'conformance://fixture/readme', mimeType: 'text/markdown' }],
      ttlMs: 60_000,
      cacheScope: 'public',
    });
    const missing = await rpc(url, 'resources/read', { uri: 'conformance://nope' });
    expect(missing.status).toBe(200);
    expect(missing.json.error.code).toBe(-32602);
  });

  test('anything else: 404 -32601', async () => {
    const sent = await rpc(url, 'prompts/list');
    expect(sent.status).toBe(404);
    expect(sent.json.error).toEqual({ code: -32601, message: 'Method not found' });
  });

  test('recordings: exchanges hold exactly what went on the wire; invocations hold lower-cased headers', async () => {
    const calls = [
      await rpc(url, 'tools/call', { name: 'structured-echo', arguments: { nonce: 'x1' } }),
      await rpc(url, 'tools/list', { cursor: 'bad' }),
      await rpc(url, 'tools/list', {}, { headers: { 'Mcp-Method': 'nope' } }),
    ];
    const exchanges = fake.exchanges();
    expect(exchanges).toHaveLength(3);
    expect(exchanges[0]).toStrictEqual({
      method: 'tools/call',
      params: { name: 'structured-echo', arguments: { nonce: 'x1' }, _meta: META },
      result: calls[0]!.json.result,
    });
    expect(exchanges[1]).toStrictEqual({
      method: 'tools/list',
      params: { cursor: 'bad', _meta: META },
      error: calls[1]!.json.error,
    });
    expect(exchanges[2]!.error).toStrictEqual(calls[2]!.json.error);
    const invocation = fake.invocations()[0]!;
    expect(invocation).toMatchObject({ method: 'tools/call', revision: V, params: { name: 'structured-echo' } });
    expect(invocation.headers['mcp-method']).toBe('tools/call');
    expect(Object.keys(invocation.headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(invocation.timestamp).toBeGreaterThan(0);
    // The logs are copies: editing them changes nothing.
    (fake.exchanges()[0]!.result as { resultType: string }).resultType = 'edited';
    expect(fake.exchanges()[0]!.result).toStrictEqual(calls[0]!.json.result);
    fake.reset();
    expect(fake.exchanges()).toEqual([]);
    expect(fake.invocations()).toEqual([]);
  });

  test('latestExchange: the last match of a method at or after an index, as a copy; exchangeCount', async () => {
    await rpc(url, 'tools/call', { name: 'structured-echo', arguments: { nonce: 'a' } });
    await rpc(url, 'tools/list', {});
    const since = fake.exchangeCount();
    expect(since).toBe(2);
    await rpc(url, 'tools/call', { name: 'structured-echo', arguments: { nonce: 'b' } });
    const nonce = (x: Exchange): unknown => (x.params as { arguments?: { nonce?: unknown } }).arguments?.nonce;
    expect(nonce(fake.latestExchange('tools/call', () => true)!)).toBe('b');
    expect(nonce(fake.latestExchange('tools/call', (x) => nonce(x) === 'a')!)).toBe('a');
    expect(fake.latestExchange('tools/call', (x) => nonce(x) === 'a', since)).toBeUndefined();
    expect(fake.latestExchange('tools/list', () => true, since)).toBeUndefined();
    expect(fake.latestExchange('tools/list', () => true)!.method).toBe('tools/list');
    fake.latestExchange('tools/call', () => true)!.method = 'edited';
    expect(fake.exchanges().map((x) => x.method)).toEqual(['tools/call', 'tools/list', 'tools/call']);
    expect(fake.exchangeCount()).toBe(3);
  });

  test('timestamps come from the injected clock', async () => {
    const before = clock;
    await rpc(url, 'server/discover');
    await rpc(url, 'server/discover');
    expect(fake.invocations().map((i) => i.timestamp)).toEqual([before + 1, before + 2]);
  });
});

describe('FakeMcpServer (sse)', () => {
  let fake: FakeMcpServer;
  let url: string;
  beforeAll(async () => {
    fake = createFakeMcpServer({ responseMode: 'sse' });
    url = await fake.start();
  });
  afterAll(() => fake.stop());

  test('a comment, then the response as event: message', async () => {
    const sent = await rpc(url, 'tools/call', { name: 'echo', arguments: { text: 'hi' } });
    expect(sent.status).toBe(200);
    expect(sent.type).toBe('text/event-stream');
    const [comment, message, rest] = sent.text.split('\n\n');
    expect(comment).toMatch(/^: /);
    expect(message).toMatch(/^event: message\ndata: /);
    expect(rest).toBe('');
    const response = JSON.parse(message!.slice('event: message\ndata: '.length));
    expect(response.result).toStrictEqual(fake.exchanges().at(-1)!.result);
  });

  test('a progress notification first when _meta.progressToken is set', async () => {
    const sent = await rpc(url, 'tools/list', {}, { meta: { ...META, progressToken: 'p-1' } });
    const events = sent.text.split('\n\n').filter((block) => block.startsWith('event: message'));
    expect(events).toHaveLength(2);
    const [progress, response] = events.map((block) => JSON.parse(block.split('data: ')[1]!));
    expect(progress).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 'p-1', progress: 1, total: 1, message: 'working' },
    });
    expect(response.result.tools).toHaveLength(3);
  });

  test('a 200 JSON-RPC error also streams; a 4xx stays JSON', async () => {
    const streamed = await rpc(url, 'tools/call', { name: 'nope' });
    expect(streamed.type).toBe('text/event-stream');
    const rejected = await rpc(url, 'tools/list', {}, { headers: { 'Mcp-Method': 'x' } });
    expect(rejected.status).toBe(400);
    expect(rejected.type).toBe('application/json');
  });
});

describe('revisions', () => {
  test('only 2026-07-28 configured: a request without the header is -32022 with requested "(absent)"', async () => {
    const fake = createFakeMcpServer({ protocolVersions: ['2026-07-28'] });
    const url = await fake.start();
    try {
      const sent = await rpc(url, 'initialize', {}, { headers: { 'MCP-Protocol-Version': undefined }, meta: null });
      expect(sent.status).toBe(400);
      expect(sent.json.error.data).toEqual({ supported: ['2026-07-28'], requested: '(absent)' });
    } finally {
      await fake.stop();
    }
  });

  test('the 2025-11-25 endpoint on the same port: -32022 to 2026-07-28, the legacy subset (with ping) to 2025-11-25', async () => {
    const fake = createFakeMcpServer();
    const url = await fake.start();
    try {
      const earlier = fake.earlierRevisionUrl;
      expect(earlier).toBe(url.replace(/\/mcp$/, EARLIER_REVISION_PATH));
      const modern = await rpc(earlier, 'tools/list');
      expect(modern.status).toBe(400);
      expect(modern.json.error.data).toEqual({ supported: [EARLIER_REVISION], requested: V });
      const legacy = { 'MCP-Protocol-Version': undefined, 'Mcp-Method': undefined };
      const init = await rpc(
        earlier,
        'initialize',
        { protocolVersion: '2025-11-25', capabilities: {} },
        { headers: legacy, meta: null },
      );
      expect(init.json.result.protocolVersion).toBe('2025-11-25');
      const inSession = { 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Method': undefined };
      expect((await rpc(earlier, 'ping', {}, { headers: inSession, meta: null })).json.result).toEqual({});
      const call = await rpc(
        earlier,
        'tools/call',
        { name: 'echo', arguments: { text: 'old' } },
        { headers: inSession, meta: null },
      );
      expect(call.json.result).toEqual({ content: [{ type: 'text', text: 'old' }], isError: false });
      expect(fake.invocations().map((i) => i.path)).toEqual(Array(4).fill(EARLIER_REVISION_PATH));
      // The main endpoint is unchanged: it still speaks 2026-07-28 and its own list.
      expect((await rpc(url, 'server/discover')).json.result.supportedVersions).toEqual(fake.protocolVersions());
      expect(fake.invocations().at(-1)!.path).toBe('/mcp');
    } finally {
      await fake.stop();
    }
  });

  test('only an older revision configured: 2026-07-28 requests are -32022', async () => {
    const fake = createFakeMcpServer({ protocolVersions: ['2025-06-18'] });
    const url = await fake.start();
    try {
      const sent = await rpc(url, 'server/discover');
      expect(sent.status).toBe(400);
      expect(sent.json.error.data).toEqual({ supported: ['2025-06-18'], requested: '2026-07-28' });
    } finally {
      await fake.stop();
    }
  });
});

describe('discoverTtlMs', () => {
  test('sets the ttlMs of every DiscoverResult, 0 included; a negative or fractional value is refused', async () => {
    const fake = createFakeMcpServer({ discoverTtlMs: 0 });
    const url = await fake.start();
    try {
      expect((await rpc(url, 'server/discover')).json.result.ttlMs).toBe(0);
    } finally {
      await fake.stop();
    }
    expect(() => createFakeMcpServer({ discoverTtlMs: -1 })).toThrow('discoverTtlMs must be a non-negative integer');
    expect(() => createFakeMcpServer({ discoverTtlMs: 0.5 })).toThrow('discoverTtlMs must be a non-negative integer');
  });
});

describe('the 2024-11-05 endpoint', () => {
  test('answers a 2026-07-28 probe and a 2025-11-25 request with -32022, and initialize with its own revision', async () => {
    const fake = createFakeMcpServer();
    const url = await fake.start();
    try {
      const old = fake.incompatibleRevisionUrl;
      expect(old).toBe(url.replace(/\/mcp$/, INCOMPATIBLE_REVISION_PATH));
      const probe = await rpc(old, 'server/discover');
      expect(probe.status).toBe(400);
      expect(probe.json.error).toMatchObject({
        code: -32022,
        data: { supported: [INCOMPATIBLE_REVISION], requested: V },
      });
      const legacy = { 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Method': undefined };
      expect((await rpc(old, 'ping', {}, { headers: legacy, meta: null })).json.error.code).toBe(-32022);
      const bare = { 'MCP-Protocol-Version': undefined, 'Mcp-Method': undefined };
      const init = await rpc(
        old,
        'initialize',
        { protocolVersion: '2025-03-26', capabilities: {} },
        { headers: bare, meta: null },
      );
      expect(init.json.result.protocolVersion).toBe(INCOMPATIBLE_REVISION);
      expect(fake.invocations().map((i) => i.path)).toEqual(Array(3).fill(INCOMPATIBLE_REVISION_PATH));
    } finally {
      await fake.stop();
    }
  });
});

describe('the unshared endpoint', () => {
  test('answers server/discover at any revision with a list no client negotiates, and every other request with -32022', async () => {
    const fake = createFakeMcpServer({ discoverTtlMs: 0 });
    const url = await fake.start();
    try {
      const unshared = fake.unsharedRevisionUrl;
      expect(unshared).toBe(url.replace(/\/mcp$/, UNSHARED_REVISION_PATH));
      for (const headers of [{}, { 'MCP-Protocol-Version': '2025-11-25' }, { 'MCP-Protocol-Version': undefined }]) {
        const probe = await rpc(unshared, 'server/discover', {}, { headers });
        expect(probe.status).toBe(200);
        expect(probe.json.result).toMatchObject({
          resultType: 'complete',
          supportedVersions: ['2099-12-31'],
          ttlMs: 0,
          cacheScope: 'public',
          _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
        });
      }
      const call = await rpc(unshared, 'tools/call', { name: 'echo', arguments: { text: 'x' } });
      expect(call.status).toBe(400);
      expect(call.json.error).toEqual({
        code: -32022,
        message: 'Unsupported protocol version',
        data: { supported: ['2099-12-31'], requested: V },
      });
      const bare = { 'MCP-Protocol-Version': undefined, 'Mcp-Method': undefined };
      const init = await rpc(unshared, 'initialize', { protocolVersion: '2025-11-25' }, { headers: bare, meta: null });
      expect(init.json.error.data).toEqual({ supported: ['2099-12-31'], requested: '(absent)' });
      expect(fake.exchanges().map((x) => x.method)).toEqual([
        'server/discover',
        'server/discover',
        'server/discover',
        'tools/call',
        'initialize',
      ]);
    } finally {
      await fake.stop();
    }
  });
});

describe('loopback only', () => {
  test('refuses to bind anything but loopback', () => {
    for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.2', 'example.com', '128.0.0.1']) {
      expect(() => new FakeMcpServer({ host })).toThrow(/loopback only/);
    }
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) {
      expect(() => new FakeMcpServer({ host })).not.toThrow();
    }
  });

  test('isLoopbackHost / isLoopbackUrl', () => {
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackUrl('http://127.0.0.1:9/mcp')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:9/mcp')).toBe(true);
    expect(isLoopbackUrl('http://localhost.example/mcp')).toBe(false);
    expect(isLoopbackUrl('not a url')).toBe(false);
  });

  test('deadEndpoint is a loopback URL whose connections are refused', async () => {
    const url = await deadEndpoint();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const err = await fetch(url, { method: 'POST', body: '{}' }).then(
      () => undefined,
      (e: Error & { cause?: { code?: string } }) => e,
    );
    expect(err?.cause?.code).toBe('ECONNREFUSED');
  });

  test('stop() releases the port and is idempotent', async () => {
    const fake = createFakeMcpServer();
    const url = await fake.start();
    await fake.stop();
    await fake.stop();
    expect(() => fake.url).toThrow(/not started/);
    const err = await fetch(url, { method: 'POST', body: '{}' }).then(
      () => undefined,
      (e: Error & { cause?: { code?: string } }) => e,
    );
    expect(err?.cause?.code).toBe('ECONNREFUSED');
  });
});
