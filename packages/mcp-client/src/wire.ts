// MCP 2026-07-28 wire shapes. These are protocol facts, so the names follow MCP's schema.ts.
// `Result` keeps an index signature: results carry keys we do not know, and we pass them through.

export type JSONValue = string | number | boolean | null | JSONObject | JSONValue[];
export type JSONObject = { [key: string]: JSONValue };
export type MetaObject = Record<string, unknown>;
export type RequestId = string | number;
export type Cursor = string;

export const LATEST_PROTOCOL_VERSION = '2026-07-28';

// JSON-RPC envelope
export interface JSONRPCRequest {
  jsonrpc: '2.0';
  id: RequestId;
  method: string;
  /** Each request narrows it (an interface, so no index signature). */
  params?: object;
}
export interface JSONRPCNotification {
  jsonrpc: '2.0';
  method: string;
  params?: { [key: string]: unknown };
}
export interface JSONRPCResultResponse {
  jsonrpc: '2.0';
  id: RequestId;
  result: Result;
}
/** `id` may be absent when the server could not read ours (parse error, invalid request). */
export interface JSONRPCErrorResponse {
  jsonrpc: '2.0';
  id?: RequestId;
  error: JSONRPCError;
}
export type JSONRPCResponse = JSONRPCResultResponse | JSONRPCErrorResponse;
/** MCP calls this `Error`. */
export interface JSONRPCError {
  code: number;
  message: string;
  data?: unknown;
}

export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
export const HEADER_MISMATCH = -32020;
export const MISSING_REQUIRED_CLIENT_CAPABILITY = -32021;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export interface UnsupportedProtocolVersionError extends Omit<JSONRPCErrorResponse, 'error'> {
  error: JSONRPCError & { code: -32022; data: { supported: string[]; requested: string } };
}
/** -32021; -32020 carries no defined data. */
export interface MissingRequiredClientCapabilityError extends Omit<JSONRPCErrorResponse, 'error'> {
  error: JSONRPCError & { code: -32021; data: { requiredCapabilities: ClientCapabilities } };
}

// _meta, params, results
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}
export interface Icons {
  icons?: Icon[];
}
export interface BaseMetadata {
  name: string;
  title?: string;
}
export interface Implementation extends BaseMetadata, Icons {
  version: string;
  description?: string;
  websiteUrl?: string;
}

export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

export interface RequestMetaObject extends MetaObject {
  progressToken?: string | number;
  /** REQUIRED. */
  'io.modelcontextprotocol/protocolVersion': string;
  /** SHOULD, on every request. */
  'io.modelcontextprotocol/clientInfo'?: Implementation;
  /** REQUIRED; `{}` declares none. Sent per request, never inferred by the server. */
  'io.modelcontextprotocol/clientCapabilities': ClientCapabilities;
  /** Deprecated ("debug" … "emergency"); this client never sends it. */
  'io.modelcontextprotocol/logLevel'?: string;
}
export interface ResultMetaObject extends MetaObject {
  /** SHOULD; for display only, never drives behaviour. */
  'io.modelcontextprotocol/serverInfo'?: Implementation;
}
/** `_meta` is REQUIRED on every request. */
export interface RequestParams {
  _meta: RequestMetaObject;
}
export type ResultType = 'complete' | 'input_required' | (string & {});
/** A 2026-07-28 server MUST send `resultType`; a client treats an absent one as "complete" (never writes it in). */
export interface Result {
  _meta?: ResultMetaObject;
  resultType: ResultType;
  [key: string]: unknown;
}
export interface PaginatedRequestParams extends RequestParams {
  cursor?: Cursor;
}
/** `nextCursor` absent = last page. */
export interface PaginatedResult extends Result {
  nextCursor?: Cursor;
}
export interface CacheableResult extends Result {
  /** >= 0; 0 = stale at once; absent (older server) or negative counts as 0. */
  ttlMs: number;
  /** "private": never reused across authorization contexts. */
  cacheScope: 'public' | 'private';
}

export interface ClientCapabilities {
  experimental?: { [key: string]: JSONObject };
  roots?: Record<string, never>;
  sampling?: { context?: JSONObject; tools?: JSONObject };
  elicitation?: { form?: JSONObject; url?: JSONObject };
  extensions?: { [key: string]: JSONObject };
}
export interface ServerCapabilities {
  experimental?: { [key: string]: JSONObject };
  logging?: JSONObject;
  completions?: JSONObject;
  prompts?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  tools?: { listChanged?: boolean };
  extensions?: { [key: string]: JSONObject };
}

// server/discover
export interface DiscoverRequest extends JSONRPCRequest {
  method: 'server/discover';
  params: RequestParams;
}
/** The server's identity is `_meta["io.modelcontextprotocol/serverInfo"]`. */
export interface DiscoverResult extends CacheableResult {
  supportedVersions: string[];
  capabilities: ServerCapabilities;
  instructions?: string;
}

// tools
export interface ListToolsRequest extends JSONRPCRequest {
  method: 'tools/list';
  params: PaginatedRequestParams;
}
export interface ListToolsResult extends PaginatedResult, CacheableResult {
  tools: Tool[];
}
/**
 * Hints only, and untrusted unless the server is trusted. MCP defaults in comments;
 * destructiveHint and idempotentHint mean something only when readOnlyHint is false.
 */
export interface ToolAnnotations {
  title?: string;
  /** default false */
  readOnlyHint?: boolean;
  /** default true */
  openWorldHint?: boolean;
  /** default true */
  destructiveHint?: boolean;
  /** default false */
  idempotentHint?: boolean;
}
/** Display name precedence: title, annotations.title, name. */
export interface Tool extends BaseMetadata, Icons {
  description?: string;
  /** Any JSON Schema 2020-12 keyword. */
  inputSchema: { $schema?: string; type: 'object'; [key: string]: unknown };
  outputSchema?: { $schema?: string; [key: string]: unknown };
  annotations?: ToolAnnotations;
  _meta?: MetaObject;
}
export interface InputResponseRequestParams extends RequestParams {
  inputResponses?: InputResponses;
  requestState?: string;
}
export interface CallToolRequestParams extends InputResponseRequestParams {
  name: string;
  arguments?: { [key: string]: unknown };
}
export interface CallToolRequest extends JSONRPCRequest {
  method: 'tools/call';
  params: CallToolRequestParams;
}
export interface CallToolResult extends Result {
  content: ContentBlock[];
  /** Any JSON value; conforms to outputSchema when the tool declares one. */
  structuredContent?: unknown;
  /** Absent = false. Tool failures go here, not into a JSON-RPC error. */
  isError?: boolean;
}

// content
export type Role = 'user' | 'assistant';
export interface Annotations {
  audience?: Role[];
  /** 0..1 */
  priority?: number;
  /** ISO 8601 */
  lastModified?: string;
}
export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;
export interface TextContent {
  type: 'text';
  text: string;
  annotations?: Annotations;
  _meta?: MetaObject;
}
export interface ImageContent {
  type: 'image';
  /** base64 */
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: MetaObject;
}
export interface AudioContent {
  type: 'audio';
  /** base64 */
  data: string;
  mimeType: string;
  annotations?: Annotations;
  _meta?: MetaObject;
}
export interface Resource extends BaseMetadata, Icons {
  uri: string;
  description?: string;
  mimeType?: string;
  annotations?: Annotations;
  size?: number;
  _meta?: MetaObject;
}
export interface ResourceLink extends Resource {
  type: 'resource_link';
}
export interface EmbeddedResource {
  type: 'resource';
  resource: TextResourceContents | BlobResourceContents;
  annotations?: Annotations;
  _meta?: MetaObject;
}

// resources
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  _meta?: MetaObject;
}
export interface TextResourceContents extends ResourceContents {
  text: string;
}
export interface BlobResourceContents extends ResourceContents {
  /** base64 */
  blob: string;
}
export interface ReadResourceRequestParams extends InputResponseRequestParams {
  uri: string;
}
export interface ReadResourceResult extends CacheableResult {
  contents: (TextResourceContents | BlobResourceContents)[];
}

// MRTR (abridged: this client only ever answers elicitation, with a decline)
export interface InputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params?: { [key: string]: unknown };
}
export interface InputRequests {
  [key: string]: InputRequest;
}
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: { [key: string]: string | number | boolean | string[] };
}
export interface InputResponses {
  [key: string]: ElicitResult | { [key: string]: unknown };
}
/** `resultType: "input_required"`; at least one field present. */
export interface InputRequiredResult extends Result {
  inputRequests?: InputRequests;
  /** Opaque: echoed exactly, never inspected. */
  requestState?: string;
}
