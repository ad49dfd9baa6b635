export * from './wire.js';
export * from './errors.js';
export type { CtxMcp, McpServerHealth, McpServerHealthState } from './ctx.js';
export { createMcpClient, DEFAULT_CLIENT_INFO, DEFAULT_MRTR_MAX_ROUNDS } from './client.js';
export type { McpClient, McpClientOptions, McpServerConfig } from './client.js';
export {
  exchange,
  encodeHeaderValue,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_DISCOVER_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  MAX_REDIRECTS,
} from './transport.js';
export type { ExchangeContext, ExchangeServer, Framing } from './transport.js';
export { SUPPORTED_REVISIONS } from './negotiate.js';
export { SseParser, SseEventTooLarge } from './sse.js';
export type { SseEvent } from './sse.js';
export { classifyDiscover } from './health.js';
export { createV1Mcp, v1ErrorCode, McpV1Error } from './v1.js';
export type { V1InvokeToolRequest, V1InvokeToolResult, V1Mcp, V1McpErrorCode } from './v1.js';
