// The RFC 0204 requirement rows, in the order a run executes them.
import { annotationsDerived } from './annotations-derived.js';
import { annotationsSchema } from './annotations-schema.js';
import { callToolIsErrorResolves } from './call-tool-iserror-resolves.js';
import { callToolVerbatim } from './call-tool-verbatim.js';
import { callUnsharedRejects } from './call-unshared-rejects.js';
import { catalogCrossPrincipal } from './catalog-cross-principal.js';
import { catalogOrder } from './catalog-order.js';
import { catalogReadOnly } from './catalog-read-only.js';
import { catalogToolIds } from './catalog-toolids.js';
import { catalogViews } from './catalog-views.js';
import { earlierEraFallback } from './earlier-era-fallback.js';
import { earlierRevisionHealth, earlierRevisionUnaltered } from './earlier-revision.js';
import { inputRequiredNeverReturned } from './input-required-never-returned.js';
import { listToolsPage } from './list-tools-page.js';
import { mcpErrorUnaltered } from './mcp-error-unaltered.js';
import { mcpToolIdScheme } from './mcp-toolid-scheme.js';
import { mcpUnclassifiedWrite } from './mcp-unclassified-write.js';
import { mcpEgressNotFromHints, mcpReplayNotFromHints } from './not-from-hints.js';
import { readResourceVerbatim } from './read-resource-verbatim.js';
import { redirectsWithinOrigin } from './redirects-within-origin.js';
import { rejectUnknownServer } from './reject-unknown-server.js';
import { reservedErrorsNoFallback } from './reserved-errors-no-fallback.js';
import type { Row } from './row.js';
import { serverHealthFresh } from './server-health-fresh.js';
import { serverHealthIncompatible } from './server-health-incompatible.js';
import { serverHealth } from './server-health.js';
import { transportFailureRejects } from './transport-failure-rejects.js';
import { transportInterrupted } from './transport-interrupted.js';
import { v1RawVerbatim } from './v1-raw-verbatim.js';

export const ROWS: readonly Row[] = Object.freeze([
  callToolVerbatim,
  callToolIsErrorResolves,
  inputRequiredNeverReturned,
  listToolsPage,
  readResourceVerbatim,
  serverHealth,
  serverHealthIncompatible,
  serverHealthFresh,
  rejectUnknownServer,
  callUnsharedRejects,
  reservedErrorsNoFallback,
  earlierRevisionUnaltered,
  earlierRevisionHealth,
  earlierEraFallback,
  mcpErrorUnaltered,
  transportFailureRejects,
  transportInterrupted,
  redirectsWithinOrigin,
  v1RawVerbatim,
  mcpUnclassifiedWrite,
  mcpReplayNotFromHints,
  mcpEgressNotFromHints,
  annotationsDerived,
  annotationsSchema,
  mcpToolIdScheme,
  catalogToolIds,
  catalogCrossPrincipal,
  catalogViews,
  catalogReadOnly,
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
  callUnsharedRejects,
  catalogCrossPrincipal,
  catalogOrder,
  catalogReadOnly,
  catalogToolIds,
  catalogViews,
  earlierEraFallback,
  earlierRevisionHealth,
  earlierRevisionUnaltered,
  inputRequiredNeverReturned,
  listToolsPage,
  mcpEgressNotFromHints,
  mcpErrorUnaltered,
  mcpReplayNotFromHints,
  mcpToolIdScheme,
  mcpUnclassifiedWrite,
  readResourceVerbatim,
  redirectsWithinOrigin,
  rejectUnknownServer,
  reservedErrorsNoFallback,
  serverHealth,
  serverHealthFresh,
  serverHealthIncompatible,
  transportFailureRejects,
  transportInterrupted,
  v1RawVerbatim,
};
