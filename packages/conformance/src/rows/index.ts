// The RFC 0204 requirement rows of RFC0204-RUNTIME §7.2, in the order a run executes them.
import { annotationsDerived } from './annotations-derived.js';
import { annotationsSchema } from './annotations-schema.js';
import { callToolIsErrorResolves } from './call-tool-iserror-resolves.js';
import { callToolVerbatim } from './call-tool-verbatim.js';
import { catalogOrder } from './catalog-order.js';
import { earlierRevisionHealth, earlierRevisionUnaltered } from './earlier-revision.js';
import { listToolsPage } from './list-tools-page.js';
import { mcpUnclassifiedWrite } from './mcp-unclassified-write.js';
import { rejectUnknownServer } from './reject-unknown-server.js';
import type { Row } from './row.js';
import { serverHealth } from './server-health.js';
import { v1RawVerbatim } from './v1-raw-verbatim.js';

export const ROWS: readonly Row[] = Object.freeze([
  callToolVerbatim,
  callToolIsErrorResolves,
  listToolsPage,
  serverHealth,
  rejectUnknownServer,
  earlierRevisionUnaltered,
  earlierRevisionHealth,
  v1RawVerbatim,
  mcpUnclassifiedWrite,
  annotationsDerived,
  annotationsSchema,
  catalogOrder,
]);

export const rowById = (id: string): Row | undefined => ROWS.find((r) => r.id === id);

export { REQUIREMENT_PREFIX } from './row.js';
export type { Row, RowContext, RowResult } from './row.js';
export {
  annotationsDerived,
  annotationsSchema,
  callToolIsErrorResolves,
  callToolVerbatim,
  catalogOrder,
  earlierRevisionHealth,
  earlierRevisionUnaltered,
  listToolsPage,
  mcpUnclassifiedWrite,
  rejectUnknownServer,
  serverHealth,
  v1RawVerbatim,
};
