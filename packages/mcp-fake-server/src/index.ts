export {
  FakeMcpServer,
  createFakeMcpServer,
  decodeHeaderValue,
  DEFAULT_PROTOCOL_VERSIONS,
  EARLIER_REVISION,
  EARLIER_REVISION_PATH,
  INCOMPATIBLE_REVISION,
  INCOMPATIBLE_REVISION_PATH,
  UNSHARED_REVISION,
  UNSHARED_REVISION_PATH,
  FIXTURE_RESOURCE_URI,
  LATEST_REVISION,
  STRICT_PATH,
  NEEDS_SAMPLING_TOOL,
  HEADER_MISMATCH_TOOL,
  MOVED_PATH,
  MOVED_AWAY_PATH,
  SEE_OTHER_PATH,
  LANDING_PATH,
  ELSEWHERE_PATH,
  DROPS_PATH,
  CUT_MID_STREAM_TOOL,
} from './server.js';
export type { Arrival, Exchange, FakeMcpServerOptions, Invocation } from './server.js';
export { LEGACY_PATH, LEGACY_PROBE_PATH, LEGACY_REVISIONS } from './legacy.js';
export type { LegacySession } from './legacy.js';
export {
  ALWAYS_ERROR_CONTENT,
  FIXTURE_META_KEY,
  NONCE_META_KEY,
  NO_CLAIM_PREFIX,
  NO_CLAIM_TEXT,
  READONLY_CLAIM_ANNOTATIONS,
  READONLY_CLAIM_PREFIX,
  READONLY_CLAIM_TEXT,
  SERVER_INFO,
  TOOLS_PAGE_SIZE,
} from './tools.js';
export type { Json, JsonObject } from './tools.js';
export { deadEndpoint, quietPort } from './dead-endpoint.js';
export { isLoopbackHost, isLoopbackUrl } from './loopback.js';
