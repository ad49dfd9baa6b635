/**
 * RFC 0204 §D.11–§D.12 — major 2. Rows `.mcp-unclassified-write` (an MCP tool the host never
 * classified is `write`, whatever the server claims; gated on `toolCatalog.sources ∋ "mcp"` with
 * the suite's fake server as a catalog source), `.mcp-replay-not-from-hints` and
 * `.mcp-egress-not-from-hints` (the claim changes neither field), `.annotations-derived` (every annotated descriptor
 * carries the four hints the suite's own table derives) and `.annotations-schema` (the corpus
 * property of tool-descriptor.schema.json). Host from the environment (src/lib/rfc0204.ts).
 */
import { rfc0204Rows } from '../lib/rfc0204.js';
import { describeScenario } from '../lib/scenario.js';

describeScenario(import.meta.url, 'v2-tool-catalog-annotations (RFC 0204 §D.11–§D.12)', () => {
  rfc0204Rows([
    'mcp-unclassified-write',
    'mcp-replay-not-from-hints',
    'mcp-egress-not-from-hints',
    'annotations-derived',
    'annotations-schema',
  ]);
});
