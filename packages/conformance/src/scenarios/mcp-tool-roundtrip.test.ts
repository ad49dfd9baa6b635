/**
 * v1 `invokeTool` through MCP, with RFC 0204 §B's optional `raw` — major 1 only. Row
 * `.v1-raw-verbatim`: `raw` (a MAY; absent → inapplicable) deep-equals the CallToolResult the
 * suite's fake MCP server recorded sending, and `isError` agrees with it. Host from the
 * environment (src/lib/rfc0204.ts).
 */
import { rfc0204Rows } from '../lib/rfc0204.js';
import { describeScenario } from '../lib/scenario.js';

describeScenario(import.meta.url, 'mcp-tool-roundtrip (v1, RFC 0204 §B)', () => {
  rfc0204Rows(['v1-raw-verbatim']);
});
