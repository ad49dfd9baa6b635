// RFC 0204 §D.11: projecting the tools of host-configured MCP servers into
// ToolDescriptors. Invariant tool-annotations-untrusted: a server's `annotations` and `_meta` never
// get past `toBoundary`, so nothing here can derive a tier, replay policy or egress from them.
import { isRecord } from '@openwop-spec/json';
import { withAnnotations } from './annotations.js';
import { displayTitle } from './display-title.js';
import {
  UNCLASSIFIED_MCP,
  CatalogConfigError,
  checkClassification,
  type Classification,
  type ToolDescriptor,
} from './descriptor.js';
import type { CatalogEvent } from './events.js';
import type { ListToolsResult, Tool } from '@openwop-spec/mcp-client';
import { omitSecretSchemas } from './secrets.js';

/** The one thing the catalog needs from the MCP client: `createMcpClient(...)` satisfies it. */
export interface ToolsPageSource {
  listToolsPage(serverId: string, cursor?: string, opts?: { cache?: boolean }): Promise<ListToolsResult>;
}

/**
 * The only view of an MCP tool past the boundary. The server's hints and `_meta` are not in the
 * type, so no code downstream of `toBoundary` can read them.
 */
export type BoundaryTool = Omit<Tool, 'annotations' | '_meta'>;

/** Where a projected toolId points. Kept in a map because serverId and name may both contain dots. */
export interface McpToolTarget {
  serverId: string;
  name: string;
}

export interface McpProjection {
  /** In server order, then page order; the catalog sorts. */
  descriptors: ToolDescriptor[];
  targets: Map<string, McpToolTarget>;
}

export interface McpSourceOptions {
  client: ToolsPageSource;
  /** Host-configured server ids to project. */
  serverIds: readonly string[];
  /** Operator configuration, keyed by toolId (`mcp:<serverId>.<name>`). The only source of a tier. */
  classifications?: Readonly<Record<string, Classification>>;
  /** Caps on the cursor walk per server (defaults 20 pages, 1,000 tools). */
  maxPages?: number;
  maxToolsPerServer?: number;
  /** Longest description kept, in UTF-16 code units (default 4,096); longer ones are cut. */
  maxDescriptionLength?: number;
}

export const MCP_MAX_PAGES = 20;
export const MCP_MAX_TOOLS_PER_SERVER = 1000;
export const MCP_MAX_DESCRIPTION_LENGTH = 4096;

export const mcpToolId = (serverId: string, name: string): string => `mcp:${serverId}.${name}`;

/**
 * Checks operator classifications for MCP tools: each key must be an `mcp:` toolId and each entry a
 * valid classification; `exec` is refused. Throws CatalogConfigError naming the toolId.
 */
export function checkMcpClassifications(raw: Readonly<Record<string, unknown>>): Map<string, Classification> {
  const out = new Map<string, Classification>();
  for (const [toolId, entry] of Object.entries(raw)) {
    if (!toolId.startsWith('mcp:')) {
      throw new CatalogConfigError(`classification key ${toolId} is not an MCP toolId (mcp:<serverId>.<name>)`, toolId);
    }
    out.set(toolId, checkClassification(toolId, 'mcp', entry));
  }
  return out;
}

/**
 * Copies the five fields the catalog uses out of one untrusted tool object, or returns undefined if
 * it is not a usable MCP tool (no name, or no object inputSchema). `title` is the display title
 * (`displayTitle`: the server's title, else its annotations.title). Reads nothing else.
 */
export function toBoundary(raw: unknown): BoundaryTool | undefined {
  if (!isRecord(raw)) return undefined;
  const { name, description, inputSchema, outputSchema } = raw;
  if (typeof name !== 'string' || name === '' || !isRecord(inputSchema)) return undefined;
  const tool: BoundaryTool = { name, inputSchema: inputSchema as BoundaryTool['inputSchema'] };
  const title = displayTitle(raw);
  if (title !== undefined) tool.title = title;
  if (typeof description === 'string') tool.description = description;
  if (isRecord(outputSchema)) tool.outputSchema = outputSchema;
  return tool;
}

/** Cuts `s` to at most `max` code units without splitting a surrogate pair. */
function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const code = s.charCodeAt(max - 1);
  return s.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** One descriptor from one boundary tool: tier, replay and egress from the operator, else the unclassified default. */
function describeMcpTool(
  serverId: string,
  tool: BoundaryTool,
  classification: Classification | undefined,
  options: { maxDescriptionLength?: number; log?: (e: CatalogEvent) => void } = {},
): ToolDescriptor {
  const toolId = mcpToolId(serverId, tool.name);
  const c = classification ?? UNCLASSIFIED_MCP;
  const d: ToolDescriptor = {
    toolId,
    source: 'mcp',
    safetyTier: c.safetyTier,
    title: tool.title ?? tool.name,
    inputSchema: tool.inputSchema,
  };
  if (tool.description !== undefined)
    d.description = cut(tool.description, options.maxDescriptionLength ?? MCP_MAX_DESCRIPTION_LENGTH);
  if (tool.outputSchema !== undefined) d.outputSchema = tool.outputSchema;
  omitSecretSchemas(d, options.log);
  if (c.replayPolicy !== undefined) d.replayPolicy = c.replayPolicy;
  if (c.egress !== undefined) d.egress = c.egress;
  return withAnnotations(d);
}

/** A short, secret-free description of a failure: error codes and reasons, never request data. */
function describeFailure(err: unknown): string {
  if (typeof err !== 'object' || err === null) return 'error';
  const e = err as Record<string, unknown>;
  const parts = [typeof e['code'] === 'string' ? e['code'] : err instanceof Error ? err.name : 'error'];
  if (typeof e['reason'] === 'string') parts.push(e['reason']);
  if (typeof e['httpStatus'] === 'number') parts.push(`HTTP ${e['httpStatus']}`);
  const rpc = e['error'];
  if (isRecord(rpc) && typeof rpc['code'] === 'number') parts.push(`JSON-RPC ${rpc['code']}`);
  return parts.join(' ');
}

/** Walks one server's pages. Throws if any page fails or is malformed: the caller skips the server. */
async function walkServer(
  client: ToolsPageSource,
  serverId: string,
  maxPages: number,
  maxTools: number,
  log: ((e: CatalogEvent) => void) | undefined,
): Promise<BoundaryTool[]> {
  const tools: BoundaryTool[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result: unknown = await client.listToolsPage(serverId, cursor, { cache: true });
    if (!isRecord(result) || !Array.isArray(result['tools'])) throw new Error('malformed tools/list result');
    const next = result['nextCursor'];
    if (next !== undefined && typeof next !== 'string') throw new Error('malformed nextCursor');
    for (const raw of result['tools'] as unknown[]) {
      const tool = toBoundary(raw);
      if (tool === undefined) {
        log?.({
          level: 'warn',
          code: 'tool-malformed',
          serverId,
          message: `${serverId}: a tool on page ${page} has no name or no object inputSchema; skipped`,
        });
        continue;
      }
      if (tools.length === maxTools) {
        log?.({
          level: 'warn',
          code: 'tool-cap',
          serverId,
          message: `${serverId}: more than ${maxTools} tools; the rest are not listed`,
        });
        return tools;
      }
      tools.push(tool);
    }
    if (next === undefined) return tools;
    if (page === maxPages) {
      log?.({
        level: 'warn',
        code: 'page-cap',
        serverId,
        message: `${serverId}: more than ${maxPages} pages; the rest are not listed`,
      });
      return tools;
    }
    cursor = next;
  }
}

/**
 * Projects every configured server. Servers are walked concurrently and merged in `serverIds` order;
 * a server that fails is skipped and logged, and the others are still served. A repeated toolId (the
 * same name twice, or two server/name splits that join the same way) keeps its first occurrence.
 */
export async function projectMcpServers(
  options: McpSourceOptions & { log?: (e: CatalogEvent) => void },
): Promise<McpProjection> {
  const { client, serverIds, log } = options;
  const classifications = checkMcpClassifications(options.classifications ?? {});
  const maxPages = options.maxPages ?? MCP_MAX_PAGES;
  const maxTools = options.maxToolsPerServer ?? MCP_MAX_TOOLS_PER_SERVER;
  const walked = await Promise.all(
    serverIds.map(async (serverId) => {
      try {
        return await walkServer(client, serverId, maxPages, maxTools, log);
      } catch (err) {
        log?.({
          level: 'warn',
          code: 'server-skipped',
          serverId,
          message: `${serverId}: tools/list failed (${describeFailure(err)}); server skipped`,
        });
        return [];
      }
    }),
  );
  const descriptors: ToolDescriptor[] = [];
  const targets = new Map<string, McpToolTarget>();
  serverIds.forEach((serverId, i) => {
    for (const tool of walked[i] ?? []) {
      const toolId = mcpToolId(serverId, tool.name);
      if (targets.has(toolId)) {
        log?.({
          level: 'warn',
          code: 'duplicate-tool',
          serverId,
          toolId,
          message: `${toolId} is listed more than once; the first is kept`,
        });
        continue;
      }
      targets.set(toolId, { serverId, name: tool.name });
      descriptors.push(
        describeMcpTool(serverId, tool, classifications.get(toolId), {
          maxDescriptionLength: options.maxDescriptionLength,
          log,
        }),
      );
    }
  });
  return { descriptors, targets };
}
