import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createToolCatalog } from '../src/catalog.js';
import { CatalogConfigError, type ToolDescriptor } from '../src/descriptor.js';
import type { CatalogEvent } from '../src/events.js';
import { displayTitle } from '../src/display-title.js';
import { projectMcpServers, toBoundary, type BoundaryTool } from '../src/project-mcp.js';
import { compile, errorsOf, loadSchema } from './schema-helpers.js';
import { mcpTool, stubClient } from './stub-client.js';

const validateDescriptor = compile(loadSchema('tool-descriptor'), { allErrors: true });
const expectAllValid = (ds: ToolDescriptor[]) => {
  expect(ds.length).toBeGreaterThan(0);
  for (const d of ds) expect(errorsOf(validateDescriptor, d), d.toolId).toEqual([]);
};
const collect = () => {
  const events: CatalogEvent[] = [];
  return { events, log: (e: CatalogEvent) => events.push(e) };
};

const CLAIM = 'conformance_readonly_claim_0badf00d';
const lyingTool = mcpTool(CLAIM, {
  title: undefined,
  description: 'I only read things, honest.',
  annotations: {
    title: 'Harmless reader',
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  _meta: { 'dev.example/trust': 'please' },
});

describe('a server lying about readOnlyHint (tool-annotations-untrusted)', () => {
  it('stays write, and the published annotations say readOnlyHint false / destructiveHint true', async () => {
    const { descriptors } = await projectMcpServers({
      client: stubClient({ conformance: { pages: [[lyingTool]] } }),
      serverIds: ['conformance'],
    });
    expect(descriptors).toEqual([
      {
        toolId: `mcp:conformance.${CLAIM}`,
        source: 'mcp',
        safetyTier: 'write',
        replayPolicy: 'non-deterministic',
        egress: 'host-mediated',
        title: 'Harmless reader',
        description: 'I only read things, honest.',
        inputSchema: { type: 'object', properties: {} },
        annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      },
    ]);
    expectAllValid(descriptors);
  });

  it('gives a tool the same descriptor whatever hints the server attaches', async () => {
    const hintSets = [
      undefined,
      { readOnlyHint: true },
      { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    ];
    const results = await Promise.all(
      hintSets.map(async (annotations) => {
        const tool = mcpTool('t', annotations === undefined ? {} : { annotations });
        return (await projectMcpServers({ client: stubClient({ s: { pages: [[tool]] } }), serverIds: ['s'] }))
          .descriptors;
      }),
    );
    for (const r of results) expect(r).toEqual(results[0]);
  });

  it('toBoundary copies only name, title, description, inputSchema and outputSchema', () => {
    const b = toBoundary({ ...lyingTool, title: 'T', outputSchema: { type: 'object' }, icons: [{ src: 'x' }] });
    expect(b).toEqual({
      name: CLAIM,
      title: 'T',
      description: 'I only read things, honest.',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { type: 'object' },
    });
    expect(toBoundary(lyingTool)?.title).toBe('Harmless reader');
    expect(b).not.toHaveProperty('annotations');
    expect(b).not.toHaveProperty('_meta');
  });

  it('the boundary type has no annotations or _meta to read (checked by tsc)', () => {
    const b: BoundaryTool = { name: 'n', inputSchema: { type: 'object' } };
    // @ts-expect-error BoundaryTool omits the server's hints
    const hints: unknown = b.annotations;
    // @ts-expect-error BoundaryTool omits the server's _meta
    const meta: unknown = b._meta;
    expect([hints, meta]).toEqual([undefined, undefined]);
  });
});

/** Where a source file reads a member named `annotations`: `x.annotations`, `x['annotations']`, `{ annotations } = x`, `'annotations' in x`. */
function annotationReads(source: string): string[] {
  const file = ts.createSourceFile('x.ts', source, ts.ScriptTarget.ES2022, true);
  const hits: string[] = [];
  const isName = (n: ts.Node | undefined) =>
    n !== undefined &&
    (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n)) &&
    n.text === 'annotations';
  const visit = (n: ts.Node): void => {
    const hit =
      (ts.isPropertyAccessExpression(n) && isName(n.name)) ||
      (ts.isElementAccessExpression(n) && isName(n.argumentExpression)) ||
      (ts.isBindingElement(n) && (isName(n.propertyName) || (n.propertyName === undefined && isName(n.name)))) ||
      (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.InKeyword && isName(n.left));
    if (hit) hits.push(`${file.getLineAndCharacterOfPosition(n.getStart()).line + 1}: ${n.getText()}`);
    ts.forEachChild(n, visit);
  };
  visit(file);
  return hits;
}

describe('project-mcp.ts never reads a member named annotations (invariant tool-annotations-untrusted)', () => {
  it('finds no such read in the source', () => {
    const src = readFileSync(fileURLToPath(new URL('../src/project-mcp.ts', import.meta.url)), 'utf8');
    expect(annotationReads(src)).toEqual([]);
  });

  it('catches each form of read when one is planted', () => {
    expect(annotationReads('const h = tool.annotations?.readOnlyHint;')).toHaveLength(1);
    expect(annotationReads("const h = tool['annotations'];")).toHaveLength(1);
    expect(annotationReads('const { annotations } = tool;')).toHaveLength(1);
    expect(annotationReads('const { annotations: a } = tool;')).toHaveLength(1);
    expect(annotationReads("if ('annotations' in tool) {}")).toHaveLength(1);
    expect(annotationReads("type T = Omit<Tool, 'annotations'>;")).toEqual([]);
  });
});

describe('displayTitle, the one reader of annotations.title', () => {
  it('returns the title, else annotations.title, and nothing else of the annotations', () => {
    expect(displayTitle({ title: 'T', annotations: { title: 'A' } })).toBe('T');
    expect(displayTitle({ annotations: { title: 'A', readOnlyHint: true } })).toBe('A');
    expect(displayTitle({ title: 3, annotations: { readOnlyHint: true } })).toBeUndefined();
    expect(displayTitle({ annotations: null })).toBeUndefined();
  });
});

describe('classification comes only from operator configuration', () => {
  const client = stubClient({ docs: { pages: [[mcpTool('search'), mcpTool('delete')]] } });

  it('applies a classification, and the annotations follow it by the table', async () => {
    const { descriptors } = await projectMcpServers({
      client,
      serverIds: ['docs'],
      classifications: { 'mcp:docs.search': { safetyTier: 'read', replayPolicy: 'idempotent', egress: 'none' } },
    });
    const search = descriptors.find((d) => d.toolId === 'mcp:docs.search');
    expect(search).toMatchObject({
      safetyTier: 'read',
      replayPolicy: 'idempotent',
      egress: 'none',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    });
    expect(descriptors.find((d) => d.toolId === 'mcp:docs.delete')).toMatchObject({ safetyTier: 'write' });
    expectAllValid(descriptors);
  });

  it('a classification with only a tier leaves replayPolicy and egress absent', async () => {
    const { descriptors } = await projectMcpServers({
      client,
      serverIds: ['docs'],
      classifications: { 'mcp:docs.search': { safetyTier: 'pure' } },
    });
    const search = descriptors.find((d) => d.toolId === 'mcp:docs.search')!;
    expect(search).not.toHaveProperty('replayPolicy');
    expect(search).not.toHaveProperty('egress');
    expect(search.annotations).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    expectAllValid(descriptors);
  });

  const bad: [string, Record<string, unknown>, RegExp][] = [
    [
      'exec for an MCP tool',
      { 'mcp:docs.search': { safetyTier: 'exec' } },
      /"exec" is only allowed for source "host-extension"/,
    ],
    ['an unknown tier', { 'mcp:docs.search': { safetyTier: 'readonly' } }, /safetyTier must be one of/],
    [
      'an unknown replay policy',
      { 'mcp:docs.search': { safetyTier: 'read', replayPolicy: 'maybe' } },
      /replayPolicy must be one of/,
    ],
    ['an unknown egress', { 'mcp:docs.search': { safetyTier: 'read', egress: 'internet' } }, /egress must be one of/],
    ['an unknown key', { 'mcp:docs.search': { safetyTier: 'read', approval: 'never' } }, /unknown key "approval"/],
    ['a key that is not an MCP toolId', { 'docs.search': { safetyTier: 'read' } }, /not an MCP toolId/],
    ['a non-object entry', { 'mcp:docs.search': 'read' }, /must be an object/],
  ];
  for (const [name, classifications, message] of bad) {
    it(`rejects ${name} when the catalog is built`, () => {
      const build = () =>
        createToolCatalog({ mcp: { client, serverIds: ['docs'], classifications: classifications as never } });
      expect(build).toThrow(CatalogConfigError);
      expect(build).toThrow(message);
    });
  }

  it('rejects exec for an MCP tool on a direct projection too', async () => {
    await expect(
      projectMcpServers({
        client,
        serverIds: ['docs'],
        classifications: { 'mcp:docs.search': { safetyTier: 'exec' } },
      }),
    ).rejects.toThrow(CatalogConfigError);
  });
});

describe('the cursor walk', () => {
  it('follows nextCursor through listToolsPage with cache: true and merges the pages', async () => {
    const client = stubClient({ s: { pages: [[mcpTool('a'), mcpTool('b')], [mcpTool('c')], [mcpTool('d')]] } });
    const { descriptors } = await projectMcpServers({ client, serverIds: ['s'] });
    expect(descriptors.map((d) => d.toolId)).toEqual(['mcp:s.a', 'mcp:s.b', 'mcp:s.c', 'mcp:s.d']);
    expect(client.calls).toEqual([
      { serverId: 's', cursor: undefined, opts: { cache: true } },
      { serverId: 's', cursor: 'page:1', opts: { cache: true } },
      { serverId: 's', cursor: 'page:2', opts: { cache: true } },
    ]);
  });

  it('stops after 20 pages and logs it', async () => {
    const pages = Array.from({ length: 25 }, (_, i) => [mcpTool(`t${i}`)]);
    const client = stubClient({ s: { pages } });
    const { events, log } = collect();
    const { descriptors } = await projectMcpServers({ client, serverIds: ['s'], log });
    expect(client.calls).toHaveLength(20);
    expect(descriptors).toHaveLength(20);
    expect(events.map((e) => e.code)).toEqual(['page-cap']);
  });

  it('does not log a cap when the last page is exactly page 20', async () => {
    const client = stubClient({ s: { pages: Array.from({ length: 20 }, (_, i) => [mcpTool(`t${i}`)]) } });
    const { events, log } = collect();
    expect((await projectMcpServers({ client, serverIds: ['s'], log })).descriptors).toHaveLength(20);
    expect(events).toEqual([]);
  });

  it('stops at 1,000 tools per server and logs it', async () => {
    const page = (p: number) => Array.from({ length: 400 }, (_, i) => mcpTool(`p${p}-${i}`));
    const client = stubClient({ s: { pages: [page(0), page(1), page(2), page(3)] } });
    const { events, log } = collect();
    const { descriptors } = await projectMcpServers({ client, serverIds: ['s'], log });
    expect(descriptors).toHaveLength(1000);
    expect(descriptors.at(-1)!.toolId).toBe('mcp:s.p2-199');
    expect(client.calls).toHaveLength(3);
    expect(events.map((e) => e.code)).toEqual(['tool-cap']);
  });

  it('skips and logs a failing server; the others are still served', async () => {
    const failure = Object.assign(new Error('secret-bearing message that must not be logged'), {
      code: 'mcp_transport',
      reason: 'connect',
    });
    const client = stubClient({ down: { fail: failure }, up: { pages: [[mcpTool('echo')]] } });
    const { events, log } = collect();
    const { descriptors, targets } = await projectMcpServers({ client, serverIds: ['down', 'up'], log });
    expect(descriptors.map((d) => d.toolId)).toEqual(['mcp:up.echo']);
    expect([...targets.keys()]).toEqual(['mcp:up.echo']);
    expect(events).toEqual([
      {
        level: 'warn',
        code: 'server-skipped',
        serverId: 'down',
        message: 'down: tools/list failed (mcp_transport connect); server skipped',
      },
    ]);
  });

  it('skips a server whose later page fails, rather than serve half of it', async () => {
    const client = stubClient({ s: { pages: [[mcpTool('a')], [mcpTool('b')]], failOnPage: 2 } });
    const { events, log } = collect();
    expect((await projectMcpServers({ client, serverIds: ['s'], log })).descriptors).toEqual([]);
    expect(events.map((e) => e.code)).toEqual(['server-skipped']);
  });

  it('describes a JSON-RPC error by its code', async () => {
    const err = Object.assign(new Error('Invalid cursor'), {
      code: 'mcp_error',
      httpStatus: 200,
      error: { code: -32602, message: 'Invalid cursor' },
    });
    const { events, log } = collect();
    await projectMcpServers({ client: stubClient({ s: { fail: err } }), serverIds: ['s'], log });
    expect(events[0]!.message).toBe('s: tools/list failed (mcp_error HTTP 200 JSON-RPC -32602); server skipped');
  });

  it('skips a server whose page is malformed, and a malformed tool on a good page', async () => {
    const { events, log } = collect();
    const client = stubClient({
      bad: { pages: [[]] },
      mixed: {
        pages: [[mcpTool('ok'), { name: '' }, { name: 'noschema' }, 'junk', mcpTool('ok2', { inputSchema: 'x' })]],
      },
    });
    // A page whose `tools` is not an array.
    const broken = {
      ...client,
      listToolsPage: async (id: string, c?: string, o?: { cache?: boolean }) =>
        id === 'bad' ? ({ tools: 'x' } as never) : client.listToolsPage(id, c, o),
    };
    const { descriptors } = await projectMcpServers({ client: broken, serverIds: ['bad', 'mixed'], log });
    expect(descriptors.map((d) => d.toolId)).toEqual(['mcp:mixed.ok']);
    expect(events.map((e) => `${e.code}:${e.serverId}`)).toEqual([
      'server-skipped:bad',
      'tool-malformed:mixed',
      'tool-malformed:mixed',
      'tool-malformed:mixed',
      'tool-malformed:mixed',
    ]);
  });
});

describe('identity', () => {
  it('keeps a toolId → (serverId, name) map, since both parts may contain dots', async () => {
    const client = stubClient({ 'acme.prod': { pages: [[mcpTool('files.read')]] } });
    const { descriptors, targets } = await projectMcpServers({ client, serverIds: ['acme.prod'] });
    expect(descriptors[0]!.toolId).toBe('mcp:acme.prod.files.read');
    expect(targets.get('mcp:acme.prod.files.read')).toEqual({ serverId: 'acme.prod', name: 'files.read' });
  });

  it('keeps the first of a repeated toolId, within a server and across servers', async () => {
    const client = stubClient({
      'a.b': { pages: [[mcpTool('c', { description: 'first' })], [mcpTool('c', { description: 'repeat' })]] },
      a: { pages: [[mcpTool('b.c', { description: 'other server' })]] },
    });
    const { events, log } = collect();
    const { descriptors, targets } = await projectMcpServers({ client, serverIds: ['a.b', 'a'], log });
    expect(descriptors).toHaveLength(1);
    expect(descriptors[0]!.description).toBe('first');
    expect(targets.get('mcp:a.b.c')).toEqual({ serverId: 'a.b', name: 'c' });
    expect(events.map((e) => `${e.code}:${e.toolId}`)).toEqual([
      'duplicate-tool:mcp:a.b.c',
      'duplicate-tool:mcp:a.b.c',
    ]);
  });

  it("titles a tool by MCP's precedence: title, else annotations.title, else name", async () => {
    const client = stubClient({
      s: {
        pages: [
          [
            mcpTool('a', { title: 'Alpha', annotations: { title: 'Nope' } }),
            mcpTool('b', { annotations: { title: 'Beta', readOnlyHint: true } }),
            mcpTool('c', { annotations: { title: 7 } }),
            mcpTool('d'),
          ],
        ],
      },
    });
    const { descriptors } = await projectMcpServers({ client, serverIds: ['s'] });
    expect(descriptors.map((d) => d.title)).toEqual(['Alpha', 'Beta', 'c', 'd']);
    expect(descriptors.map((d) => d.safetyTier)).toEqual(['write', 'write', 'write', 'write']);
  });
});

describe('secrets and size', () => {
  it('omits a schema that names a secret-bearing key, at any depth and in any case, and keeps the other', async () => {
    const client = stubClient({
      s: {
        pages: [
          [
            mcpTool('login', {
              inputSchema: { type: 'object', properties: { user: { type: 'string' }, Password: { type: 'string' } } },
              outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
            }),
            mcpTool('mint', {
              outputSchema: {
                type: 'object',
                properties: { result: { type: 'object', properties: { apiKey: { type: 'string' } } } },
              },
            }),
            mcpTool('tokenize', {
              inputSchema: {
                type: 'object',
                properties: { tokens: { type: 'array' }, text: { type: 'string', description: 'a token' } },
              },
            }),
          ],
        ],
      },
    });
    const { events, log } = collect();
    const { descriptors } = await projectMcpServers({ client, serverIds: ['s'], log });
    const [login, mint, tokenize] = descriptors;
    expect(login).not.toHaveProperty('inputSchema');
    expect(login!.outputSchema).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } } });
    expect(mint!.inputSchema).toEqual({ type: 'object', properties: {} });
    expect(mint).not.toHaveProperty('outputSchema');
    expect(tokenize).toHaveProperty('inputSchema');
    expect(events.map((e) => `${e.code}:${e.toolId}`)).toEqual([
      'schema-omitted:mcp:s.login',
      'schema-omitted:mcp:s.mint',
    ]);
    expectAllValid(descriptors);
  });

  it('cuts a long description without splitting a surrogate pair', async () => {
    const client = stubClient({ s: { pages: [[mcpTool('a', { description: `${'x'.repeat(9)}😀tail` })]] } });
    const { descriptors } = await projectMcpServers({ client, serverIds: ['s'], maxDescriptionLength: 10 });
    expect(descriptors[0]!.description).toBe('x'.repeat(9));
  });
});

describe('the catalog', () => {
  const hostTools: ToolDescriptor[] = [
    {
      toolId: 'openwop:core.json.parse',
      source: 'node-pack',
      safetyTier: 'pure',
      replayPolicy: 'deterministic',
      egress: 'none',
    },
    // Wrong annotations on input: the catalog replaces them with the table's.
    {
      toolId: 'x-host-acme.shell.run',
      source: 'host-extension',
      safetyTier: 'exec',
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    {
      toolId: 'connector:crm.contacts.list',
      source: 'connector',
      safetyTier: 'read',
      egress: 'safe-fetch',
      auth: { scopes: ['crm:read'], credentialRef: true },
    },
    {
      toolId: 'workflow:approve',
      source: 'workflow',
      safetyTier: 'write',
      inputSchema: { type: 'object', properties: { secret: { type: 'string' } } },
    },
  ];
  const client = stubClient({ conformance: { pages: [[mcpTool('echo')], [lyingTool]] } });

  it('puts table-derived annotations on every descriptor of every source, each valid against the schema', async () => {
    const { tools } = await createToolCatalog({ tools: hostTools, mcp: { client, serverIds: ['conformance'] } }).read();
    expect(new Set(tools.map((t) => t.source))).toEqual(
      new Set(['node-pack', 'host-extension', 'connector', 'workflow', 'mcp']),
    );
    for (const t of tools) expect(t.annotations, t.toolId).toBeDefined();
    expect(tools.find((t) => t.toolId === 'x-host-acme.shell.run')!.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    expect(tools.find((t) => t.toolId === 'workflow:approve')).not.toHaveProperty('inputSchema');
    expectAllValid(tools);
  });

  it('does not mutate the host tools it was given', async () => {
    const before = structuredClone(hostTools);
    await createToolCatalog({ tools: hostTools }).read();
    expect(hostTools).toEqual(before);
  });

  it('keeps a host tool over an MCP tool with the same toolId', async () => {
    const { events, log } = collect();
    const own: ToolDescriptor = { toolId: 'mcp:conformance.echo', source: 'mcp', safetyTier: 'read' };
    const { tools, mcpTargets } = await createToolCatalog({
      tools: [own],
      mcp: { client, serverIds: ['conformance'] },
      log,
    }).read();
    expect(tools.find((t) => t.toolId === 'mcp:conformance.echo')!.safetyTier).toBe('read');
    expect(mcpTargets.has('mcp:conformance.echo')).toBe(false);
    expect(events.map((e) => e.code)).toEqual(['duplicate-tool']);
  });

  it('rejects bad host tools at load', () => {
    const bad: [ToolDescriptor, RegExp][] = [
      [{ toolId: 'x', source: 'node-pack', safetyTier: 'exec' }, /only allowed for source "host-extension"/],
      [{ toolId: '', source: 'node-pack', safetyTier: 'pure' }, /no toolId/],
      [{ toolId: 'x', source: 'plugin' as never, safetyTier: 'pure' }, /source must be one of/],
    ];
    for (const [tool, message] of bad) expect(() => createToolCatalog({ tools: [tool] })).toThrow(message);
    const dup: ToolDescriptor = { toolId: 'x', source: 'node-pack', safetyTier: 'pure' };
    expect(() => createToolCatalog({ tools: [dup, dup] })).toThrow(/declared twice/);
  });

  it('runs the post-processor after annotation and before sorting (the mutant seam)', async () => {
    const seen: ToolDescriptor[][] = [];
    const catalog = createToolCatalog({
      tools: hostTools,
      postProcess: (ds) => {
        seen.push(ds);
        return ds.filter((d) => d.source !== 'workflow').reverse();
      },
    });
    const { tools } = await catalog.read();
    expect(seen[0]!.every((d) => d.annotations !== undefined)).toBe(true);
    expect(tools.map((t) => t.toolId)).toEqual([
      'connector:crm.contacts.list',
      'openwop:core.json.parse',
      'x-host-acme.shell.run',
    ]);
  });
});
