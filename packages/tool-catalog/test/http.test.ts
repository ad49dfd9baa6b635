import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolCatalog } from '../src/catalog.js';
import type { ToolDescriptor } from '../src/descriptor.js';
import { createToolsHandler, parseTarget, startToolsServer, type ToolsRequest } from '../src/http.js';
import { compile, errorsOf, loadSchema } from './schema-helpers.js';
import { mcpTool, stubClient } from './stub-client.js';

const hostTools: ToolDescriptor[] = [
  {
    toolId: 'openwop:core.json.parse',
    source: 'node-pack',
    safetyTier: 'pure',
    egress: 'none',
    replayPolicy: 'deterministic',
  },
  { toolId: 'x-host-acme.admin.purge', source: 'host-extension', safetyTier: 'exec' },
];
const client = stubClient({
  conformance: {
    pages: [
      [
        mcpTool('echo', {
          inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        }),
        mcpTool('route', {
          inputSchema: { type: 'object', properties: { to: { oneOf: [{ type: 'string' }, { type: 'number' }] } } },
        }),
      ],
    ],
  },
});
const catalog = createToolCatalog({ tools: hostTools, mcp: { client, serverIds: ['conformance'] } });

// Two tenants: "admin" may invoke everything, "user" everything but the admin extension.
const authenticate = (auth: string | undefined) =>
  auth === 'Bearer admin' ? 'admin' : auth === 'Bearer user' ? 'user' : undefined;
const mayInvoke = (who: string, t: ToolDescriptor) => who === 'admin' || !t.toolId.startsWith('x-host-acme.admin');
const handle = createToolsHandler({ catalog, authenticate, mayInvoke, compactView: true });
const get = (path: string, query: Record<string, string> = {}, auth = 'Bearer user') => handle({ path, query, auth });

const standard = compile(loadSchema('tool-descriptor'), { allErrors: true });
const compact = compile(loadSchema('compact-tool-descriptor'), { allErrors: true });
const ids = (xs: unknown) => (xs as { toolId: string }[]).map((t) => t.toolId);

describe('GET /tools', () => {
  it('answers a bare, sorted array of the tools the caller may invoke, each valid', async () => {
    const r = await get('/tools');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ids(r.body)).toEqual(['mcp:conformance.echo', 'mcp:conformance.route', 'openwop:core.json.parse']);
    for (const d of r.body as unknown[]) expect(errorsOf(standard, d)).toEqual([]);
    expect(ids((await get('/tools', {}, 'Bearer admin')).body)).toContain('x-host-acme.admin.purge');
  });

  it('answers 401 without credentials, on both endpoints, before any lookup', async () => {
    for (const auth of [undefined, 'Bearer nobody']) {
      for (const path of ['/tools', '/tools/mcp%3Aconformance.echo', '/tools/no-such-tool']) {
        const r = await handle({ path, ...(auth === undefined ? {} : { auth }) });
        expect(r.status, path).toBe(401);
        expect(r.headers['www-authenticate']).toBe('Bearer');
      }
    }
  });

  it('is read-only: other methods get 405', async () => {
    const r = await handle({ method: 'POST', path: '/tools', auth: 'Bearer user' });
    expect(r.status).toBe(405);
    expect(r.headers['allow']).toBe('GET');
  });

  it('?view=compact answers { tools } with exactly the standard toolId set, each valid and without annotations', async () => {
    const std = await get('/tools');
    const r = await get('/tools', { view: 'compact' });
    expect(r.status).toBe(200);
    const { tools } = r.body as { tools: Record<string, unknown>[] };
    expect(ids(tools)).toEqual(ids(std.body));
    for (const c of tools) {
      expect(errorsOf(compact, c)).toEqual([]);
      expect(c).not.toHaveProperty('annotations');
    }
    // The oneOf schema is left out of the compact view whole, and served unchanged in the standard view.
    const route = tools.find((t) => t['toolId'] === 'mcp:conformance.route')!;
    expect(route).not.toHaveProperty('inputSchema');
    expect((std.body as ToolDescriptor[]).find((t) => t.toolId === 'mcp:conformance.route')!.inputSchema).toEqual({
      type: 'object',
      properties: { to: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
    });
  });

  it('any other view is the standard view', async () => {
    const std = await get('/tools');
    for (const view of ['standard', 'full', 'COMPACT', '']) expect(await get('/tools', { view })).toEqual(std);
  });

  it('ignores view=compact when compactView is not advertised', async () => {
    const plain = createToolsHandler({ catalog, authenticate, mayInvoke });
    const r = await plain({ path: '/tools', query: { view: 'compact' }, auth: 'Bearer user' });
    expect(r).toEqual(await get('/tools'));
  });

  it('two reads are deep-equal', async () => {
    expect(await get('/tools')).toEqual(await get('/tools'));
  });
});

describe('GET /tools/{toolId}', () => {
  it('URL-decodes the id', async () => {
    for (const path of [
      '/tools/mcp%3Aconformance.echo',
      '/tools/mcp:conformance.echo',
      '/tools/mcp%3aconformance%2Eecho',
    ]) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect((r.body as ToolDescriptor).toolId).toBe('mcp:conformance.echo');
      expect(errorsOf(standard, r.body)).toEqual([]);
    }
  });

  it('answers one bare compact descriptor with ?view=compact', async () => {
    const r = await get('/tools/mcp%3Aconformance.echo', { view: 'compact' });
    expect(r.body).toEqual({
      toolId: 'mcp:conformance.echo',
      source: 'mcp',
      safetyTier: 'write',
      title: 'echo',
      inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });
    expect(errorsOf(compact, r.body)).toEqual([]);
  });

  it('answers the same 404 for an unknown id and for one the caller may not invoke', async () => {
    const unknown = await get('/tools/x-host-acme.admin.nothing');
    const unauthorized = await get('/tools/x-host-acme.admin.purge');
    expect(unknown.status).toBe(404);
    expect(unauthorized).toEqual(unknown);
    expect((await get('/tools/x-host-acme.admin.purge', {}, 'Bearer admin')).status).toBe(200);
    expect(await get('/tools/x-host-acme.admin.purge', { view: 'compact' })).toEqual(unknown);
  });

  it('answers 404 for a malformed escape, an empty id and paths outside /tools', async () => {
    const notFound = await get('/tools/nothing');
    for (const path of ['/tools/%E0%A4%A', '/tools/', '/toolsx', '/other'])
      expect(await get(path), path).toEqual(notFound);
  });

  it('honours a base path', async () => {
    const v2 = createToolsHandler({ catalog, authenticate, basePath: '/v2' });
    expect((await v2({ path: '/v2/tools', auth: 'Bearer user' })).status).toBe(200);
    expect((await v2({ path: '/tools', auth: 'Bearer user' })).status).toBe(404);
  });
});

describe('parseTarget', () => {
  it('splits path and query without decoding the path; the first value of a key wins', () => {
    expect(parseTarget('/tools/mcp%3Ax.y?view=compact&view=standard&x=%20')).toEqual({
      path: '/tools/mcp%3Ax.y',
      query: { view: 'compact', x: ' ' },
    });
    expect(parseTarget('/tools')).toEqual({ path: '/tools', query: {} });
  });
});

describe('the node:http adapter, over loopback', () => {
  let server: { url: string; close(): Promise<void> };
  const requests: ToolsRequest[] = [];
  beforeAll(async () => {
    server = await startToolsServer(async (req) => {
      requests.push(req);
      return handle(req);
    });
  });
  afterAll(() => server.close());

  it('binds 127.0.0.1 and serves GET /tools, by id and compact, with the handler answers', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const headers = { authorization: 'Bearer user' };
    const list = await fetch(`${server.url}/tools`, { headers });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual((await get('/tools')).body);
    const one = await fetch(`${server.url}/tools/${encodeURIComponent('mcp:conformance.echo')}?view=compact`, {
      headers,
    });
    expect(await one.json()).toEqual((await get('/tools/mcp:conformance.echo', { view: 'compact' })).body);
    expect(requests.at(-1)).toEqual({
      method: 'GET',
      path: '/tools/mcp%3Aconformance.echo',
      query: { view: 'compact' },
      auth: 'Bearer user',
    });
  });

  it('answers 401 and 404 with JSON bodies', async () => {
    const anon = await fetch(`${server.url}/tools`);
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: { code: 'unauthenticated', message: 'authentication required' } });
    const missing = await fetch(`${server.url}/tools/nope`, { headers: { authorization: 'Bearer user' } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'no such tool' } });
  });

  it('answers 500 without details when the catalog throws', async () => {
    const broken = await startToolsServer(
      createToolsHandler({ catalog: { read: () => Promise.reject(new Error('internal detail')) }, authenticate }),
    );
    try {
      const r = await fetch(`${broken.url}/tools`, { headers: { authorization: 'Bearer user' } });
      expect(r.status).toBe(500);
      expect(await r.text()).not.toContain('internal detail');
    } finally {
      await broken.close();
    }
  });
});
