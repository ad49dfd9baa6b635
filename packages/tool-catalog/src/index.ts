// @openwop-spec/tool-catalog: the host's tool catalog of RFC 0204 / RFC 0078.
export * from './descriptor.js';
export { annotationsOf, withAnnotations } from './annotations.js';
export { codeUnitCompare, sortByToolId, type Compare } from './order.js';
export {
  COMPACT_FORBIDDEN_KEYWORDS,
  compactInputSchemaViolations,
  isCompactInputSchema,
  toCompact,
  type CompactViolation,
} from './compact.js';
export type { CatalogEvent, CatalogEventCode } from './events.js';
export {
  checkMcpClassifications,
  mcpToolId,
  projectMcpServers,
  type BoundaryTool,
  type McpProjection,
  type McpSourceOptions,
  type McpToolTarget,
  type ToolsPageSource,
} from './project-mcp.js';
export {
  createToolCatalog,
  type CatalogSnapshot,
  type DescriptorPostProcessor,
  type ToolCatalog,
  type ToolCatalogOptions,
} from './catalog.js';
export {
  createToolsHandler,
  startToolsServer,
  toNodeListener,
  type ToolsHandlerOptions,
  type ToolsRequest,
  type ToolsResponse,
} from './http.js';
