/**
 * RFC 0204 §A — `ctx.mcp` returns MCP's results unaltered — major 2. The rows (src/rows/) run the
 * `conformance-mcp-client` fixture (spec/v2/core/conformance.md § Conformance fixtures) on the host
 * the environment names (src/lib/rfc0204.ts) and compare with what the suite's fake MCP server
 * recorded sending, never with the host's own answer. Gated on `mcp.client`.
 */
import { rfc0204Rows } from '../lib/rfc0204.js';
import { describeScenario } from '../lib/scenario.js';

describeScenario(import.meta.url, 'v2-mcp-client-results (RFC 0204 §A)', () => {
  rfc0204Rows([
    'call-tool-verbatim',
    'call-tool-iserror-resolves',
    'input-required-never-returned',
    'list-tools-page',
    'read-resource-verbatim',
    'server-health',
    'server-health-incompatible',
    'server-health-fresh',
    'reject-unknown-server',
    'call-unshared-rejects',
    'reserved-errors-no-fallback',
    'mcp-error-unaltered',
    'transport-failure-rejects',
    'transport-interrupted',
    'redirects-within-origin',
    'earlier-revision-unaltered',
    'earlier-revision-health',
    'earlier-era-fallback',
  ]);
});
