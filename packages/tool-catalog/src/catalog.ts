// The catalog: the host's own tools plus the MCP projection, annotated by the table and sorted.
import { withAnnotations } from './annotations.js';
import { CatalogConfigError, TOOL_SOURCES, checkClassification, type ToolDescriptor } from './descriptor.js';
import type { CatalogEvent } from './events.js';
import { codeUnitCompare, sortByToolId, type Compare } from './order.js';
import {
  checkMcpClassifications,
  projectMcpServers,
  type McpSourceOptions,
  type McpToolTarget,
} from './project-mcp.js';
import { omitSecretSchemas } from './secrets.js';

/** Runs on every read after annotation and before sorting; returns the descriptors to serve. */
export type DescriptorPostProcessor = (descriptors: ToolDescriptor[]) => ToolDescriptor[];

export interface ToolCatalogOptions {
  /**
   * The host's own tools (node-pack, workflow, connector, host-extension), each classified by the
   * host. Any `annotations` given are replaced by the table's.
   */
  tools?: readonly ToolDescriptor[];
  /** MCP servers to project, with the operator's classifications. */
  mcp?: McpSourceOptions;
  /** A seam for hosts (and conformance mutants) that adjust descriptors; identity by default. */
  postProcess?: DescriptorPostProcessor;
  /** toolId order; UTF-16 code-unit order by default. */
  compare?: Compare;
  log?: (e: CatalogEvent) => void;
}

export interface CatalogSnapshot {
  /** The standard view, sorted by toolId. Fresh objects on every read. */
  tools: ToolDescriptor[];
  /** toolId → (serverId, name) for every projected MCP tool. */
  mcpTargets: ReadonlyMap<string, McpToolTarget>;
}

export interface ToolCatalog {
  read(): Promise<CatalogSnapshot>;
}

function checkHostTools(tools: readonly ToolDescriptor[]): void {
  const seen = new Set<string>();
  for (const t of tools) {
    if (typeof t.toolId !== 'string' || t.toolId === '')
      throw new CatalogConfigError('a host tool has no toolId', String(t.toolId));
    if (seen.has(t.toolId)) throw new CatalogConfigError(`host tool ${t.toolId} is declared twice`, t.toolId);
    seen.add(t.toolId);
    if (!(TOOL_SOURCES as readonly string[]).includes(t.source)) {
      throw new CatalogConfigError(`host tool ${t.toolId}: source must be one of ${TOOL_SOURCES.join(', ')}`, t.toolId);
    }
    const c: Record<string, unknown> = { safetyTier: t.safetyTier };
    if (t.replayPolicy !== undefined) c['replayPolicy'] = t.replayPolicy;
    if (t.egress !== undefined) c['egress'] = t.egress;
    checkClassification(t.toolId, t.source, c);
  }
}

/**
 * Builds a catalog. Configuration is checked here, so a bad classification (an MCP tool classified
 * `exec`, an unknown tier) fails at load with CatalogConfigError, not on the first request.
 */
export function createToolCatalog(options: ToolCatalogOptions): ToolCatalog {
  const hostTools = options.tools ?? [];
  checkHostTools(hostTools);
  if (options.mcp?.classifications !== undefined) checkMcpClassifications(options.mcp.classifications);
  const compare = options.compare ?? codeUnitCompare;
  const { log } = options;

  return {
    async read() {
      const own = hostTools.map((t) => withAnnotations(omitSecretSchemas(structuredClone(t), log)));
      const projection = options.mcp
        ? await projectMcpServers({ ...options.mcp, log })
        : { descriptors: [], targets: new Map<string, McpToolTarget>() };
      const ownIds = new Set(own.map((t) => t.toolId));
      const mcpTargets = new Map(projection.targets);
      const merged = [...own];
      for (const d of projection.descriptors) {
        if (ownIds.has(d.toolId)) {
          log?.({
            level: 'warn',
            code: 'duplicate-tool',
            toolId: d.toolId,
            message: `${d.toolId} is both a host tool and an MCP tool; the host tool is kept`,
          });
          mcpTargets.delete(d.toolId);
          continue;
        }
        merged.push(d);
      }
      const processed = options.postProcess ? options.postProcess(merged) : merged;
      return { tools: sortByToolId(processed, compare), mcpTargets };
    },
  };
}
