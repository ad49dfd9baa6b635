// InProcessHost: the reference implementation wired directly. The v2 fixture node calls
// `ctx.mcp[method]` exactly as spec/v2/core/conformance.md § Conformance fixtures says the host's
// node does; the v1 fixture node calls the v1 `invokeTool` adapter; the catalog projects the
// built-in tools and the suite's MCP server `conformance` (so the fake is a catalog source) and is served
// through the real `GET /tools` handler, to two principals: the suite's caller, and another whose
// one tool the caller may not see. The client declares the elicitation capability, which it
// always declines, so a server's MRTR rounds reach it and it answers them itself.
import { randomUUID } from 'node:crypto';
import { isRecord } from '@openwop-spec/json';
import { SUPPORTED_REVISIONS, createMcpClient, createV1Mcp } from '@openwop-spec/mcp-client';
import type { CtxMcp, McpClient, McpClientOptions } from '@openwop-spec/mcp-client';
import { createToolCatalog, createToolsHandler } from '@openwop-spec/tool-catalog';
import type { Classification, ToolDescriptor, ToolsResponse } from '@openwop-spec/tool-catalog';
import type {
  HostCapabilities,
  HostFactory,
  HostUnderTest,
  HttpAnswer,
  McpClientInputs,
  Outcome,
} from '../host-under-test.js';
import { registerInProcess } from '../seams.js';
import type { HostSeams } from '../seams.js';

/** A tool only the second principal may invoke, so the catalog has something to keep from the suite's caller. */
export const OTHER_PRINCIPAL_TOOL_ID = 'x-host-conformance.other-tenant-report';

/**
 * The host's own tools. `core.Zeta` and `core.alpha` are ordered differently by UTF-16 code units
 * (`Z` < `a`) and by any locale collation (alpha < Zeta), so a locale sort is observable; the
 * host extension gives the annotation table an `exec` tier to derive, and the compact view an
 * inputSchema it must leave out.
 */
export const BUILT_IN_TOOLS: readonly ToolDescriptor[] = Object.freeze([
  {
    toolId: 'core.alpha',
    source: 'node-pack',
    safetyTier: 'pure',
    replayPolicy: 'deterministic',
    egress: 'none',
    title: 'Alpha',
  },
  {
    toolId: 'core.Zeta',
    source: 'node-pack',
    safetyTier: 'read',
    replayPolicy: 'idempotent',
    egress: 'safe-fetch',
    title: 'Zeta',
  },
  {
    toolId: 'x-host-conformance.shell',
    source: 'host-extension',
    safetyTier: 'exec',
    egress: 'host-owned',
    title: 'Shell',
    // Outside the compact subset (anyOf), so its compact descriptor carries no inputSchema.
    inputSchema: {
      type: 'object',
      properties: { command: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } },
    },
  },
  {
    toolId: OTHER_PRINCIPAL_TOOL_ID,
    source: 'node-pack',
    safetyTier: 'read',
    egress: 'none',
    title: 'Other tenant report',
  },
]);

/**
 * The operator's classifications. Only `echo` is classified; every other tool of the fake,
 * including the one that claims to be read-only, stays unclassified and therefore `write`.
 */
export const OPERATOR_CLASSIFICATIONS: Readonly<Record<string, Classification>> = Object.freeze({
  'mcp:conformance.echo': { safetyTier: 'pure', replayPolicy: 'deterministic', egress: 'none' },
});

/** The suite's caller, principal `conformance`. */
const TOKEN = 'conformance-in-process';
/** A second principal, `other`, the only one that may invoke OTHER_PRINCIPAL_TOOL_ID. */
export const OTHER_PRINCIPAL_TOKEN = 'conformance-in-process-other';

/** Every principal may invoke every tool but OTHER_PRINCIPAL_TOOL_ID, which is `other`'s alone. */
const mayInvoke = (principal: string, tool: ToolDescriptor): boolean =>
  tool.toolId !== OTHER_PRINCIPAL_TOOL_ID || principal === 'other';

/** The one bound server the catalog projects. */
const CATALOG_SERVER_ID = 'conformance';

/**
 * The MCP features the host lists in `mcp.features`: `elicitation` is how it declares that its
 * client sends the elicitation capability (and declines every elicitation, having no person to ask).
 */
const FEATURES = ['elicitation', 'resources', 'tools'] as const;

/**
 * The rows judge behaviour, never speed: every server is on loopback, so the client's deadlines are
 * set long enough that a busy machine cannot turn a slow answer into a transport failure.
 */
const LOOPBACK_DEADLINE_MS = 120_000;

export interface InProcessHostOptions {
  label?: string;
}

/** The reference host factory. Mutants reach it only through `withHostSeams` (see seams.ts). */
export function inProcessHost(options: InProcessHostOptions = {}): HostFactory {
  return build(options.label ?? 'in-process reference host', {});
}

function build(label: string, seams: HostSeams): HostFactory {
  const factory: HostFactory = async (bindings) => createHost(label, seams, bindings);
  registerInProcess(factory, seams, (next) => build(label, next));
  return factory;
}

/** The four pack-facing methods, so the fixture never sees the host-internal `listToolsPage`. */
function packFacing(client: McpClient): CtxMcp {
  return {
    callTool: (req) => client.callTool(req),
    listTools: (req) => client.listTools(req),
    readResource: (req) => client.readResource(req),
    serverHealth: (req) => client.serverHealth(req),
  };
}

/** As on the event log: the resolved value after a JSON round trip (`undefined` stays absent). */
const asLogged = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/**
 * A rejection fails the node with the error's `code` and, as `details`, the MCP `error` it carries
 * (mcp_error) or its `reason` (mcp_transport); anything without a code is an internal error.
 */
function failed(err: unknown): Outcome {
  if (!isRecord(err) || typeof err['code'] !== 'string')
    return { status: 'failed', errorCode: 'internal_error', message: 'internal error' };
  const details = isRecord(err['error'])
    ? { error: asLogged(err['error']) }
    : typeof err['reason'] === 'string'
      ? { reason: err['reason'] }
      : undefined;
  const message = typeof err['message'] === 'string' ? err['message'] : err['code'];
  return { status: 'failed', errorCode: err['code'], message, ...(details === undefined ? {} : { details }) };
}

/** What the fixture node does with its inputs: one `ctx.mcp` call, arguments and cursor passed only when well-typed. */
function callFixture(mcp: CtxMcp, i: McpClientInputs, idempotencyKey: string): Promise<unknown> {
  switch (i.method) {
    case 'callTool':
      return mcp.callTool({
        serverId: i.serverId,
        name: i.name as string,
        ...(isRecord(i.arguments) ? { arguments: i.arguments } : {}),
        idempotencyKey,
      });
    case 'listTools':
      return mcp.listTools({ serverId: i.serverId, ...(typeof i.cursor === 'string' ? { cursor: i.cursor } : {}) });
    case 'readResource':
      return mcp.readResource({ serverId: i.serverId, uri: i.uri as string });
    case 'serverHealth':
      return mcp.serverHealth({ serverId: i.serverId });
  }
}

async function createHost(label: string, seams: HostSeams, bindings: Record<string, string>): Promise<HostUnderTest> {
  const serverIds = Object.keys(bindings).sort();
  const clientOptions: McpClientOptions = {
    servers: Object.fromEntries(
      serverIds.map((id) => [
        id,
        { url: bindings[id]!, timeoutMs: LOOPBACK_DEADLINE_MS, discoverTimeoutMs: LOOPBACK_DEADLINE_MS },
      ]),
    ),
    clientCapabilities: { elicitation: {} },
  };
  const client = createMcpClient(seams.clientOptions ? seams.clientOptions(clientOptions) : clientOptions);
  const ctxMcp = seams.ctxMcp ? seams.ctxMcp(packFacing(client), bindings) : packFacing(client);
  const v1Base = createV1Mcp(packFacing(client));
  const v1 = seams.v1 ? seams.v1(v1Base) : v1Base;
  // The catalog projects the suite's server (conformance.md § Conformance fixtures), not the
  // bindings that exist to fail: projecting those would cost each read a request apiece.
  const catalogServerIds = serverIds.filter((id) => id === CATALOG_SERVER_ID);
  const classifications = seams.classifications
    ? await seams.classifications({ base: OPERATOR_CLASSIFICATIONS, client, serverIds: catalogServerIds })
    : OPERATOR_CLASSIFICATIONS;
  const catalog = createToolCatalog({
    tools: BUILT_IN_TOOLS,
    mcp: { client, serverIds: catalogServerIds, classifications },
    ...(seams.postProcess ? { postProcess: seams.postProcess } : {}),
    ...(seams.compare ? { compare: seams.compare } : {}),
  });
  const plainHandle = createToolsHandler({
    catalog,
    authenticate: (auth) =>
      auth === `Bearer ${TOKEN}` ? 'conformance' : auth === `Bearer ${OTHER_PRINCIPAL_TOKEN}` ? 'other' : undefined,
    mayInvoke: seams.mayInvoke ?? mayInvoke,
    compactView: true,
  });
  const handle = seams.toolsHandler ? seams.toolsHandler(plainHandle, client) : plainHandle;
  const sources = [
    ...new Set([...BUILT_IN_TOOLS.map((t) => t.source), ...(catalogServerIds.length > 0 ? ['mcp'] : [])]),
  ].sort();
  const capabilities: HostCapabilities = {
    ...(serverIds.length > 0
      ? { mcp: { client: true, revisions: [...SUPPORTED_REVISIONS], features: [...FEATURES] } }
      : {}),
    toolCatalog: { sources, compactView: true },
  };
  const answer = (r: ToolsResponse): HttpAnswer => ({ status: r.status, body: asLogged(r.body) });
  const query = (q?: { view?: string }) => (q?.view === undefined ? {} : { view: q.view });

  return {
    label,
    crossPrincipalToolId: OTHER_PRINCIPAL_TOOL_ID,
    capabilities: async () => structuredClone(capabilities),
    async runMcpClient(i) {
      const idempotencyKey = `${randomUUID()}:mcp-client:1`;
      try {
        return { status: 'completed', result: asLogged(await callFixture(ctxMcp, i, idempotencyKey)) };
      } catch (err) {
        return failed(err);
      }
    },
    async runV1Invoke({ text, toolName }) {
      const idempotencyKey = `${randomUUID()}:mcp-invoke:1`;
      try {
        const r = await v1.invokeTool({
          serverId: 'conformance',
          toolName: toolName ?? 'echo',
          args: { text },
          idempotencyKey,
        });
        return { status: 'completed', result: asLogged(r) };
      } catch (err) {
        return failed(err);
      }
    },
    getTools: async (q) => answer(await handle({ path: '/tools', query: query(q), auth: `Bearer ${TOKEN}` })),
    getTool: async (id, q) =>
      answer(await handle({ path: `/tools/${encodeURIComponent(id)}`, query: query(q), auth: `Bearer ${TOKEN}` })),
  };
}
