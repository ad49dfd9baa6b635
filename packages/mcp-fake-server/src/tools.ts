// The fake's tools and their answers. Every answer is built fresh per call,
// so nothing a caller does to one result can leak into the next.
import { randomBytes } from 'node:crypto';
import { isRecord } from '@openwop-spec/json';

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const TOOLS_PAGE_SIZE = 3;
export const READONLY_CLAIM_PREFIX = 'conformance_readonly_claim_';
export const SERVER_INFO: Readonly<{ name: string; version: string }> = Object.freeze({
  name: 'openwop-conformance-fake-mcp',
  version: '1.1.0',
});
export const NONCE_META_KEY = 'dev.openwop.conformance/nonce';
export const FIXTURE_META_KEY = 'dev.openwop.conformance/fixture';
export const ALWAYS_ERROR_CONTENT: readonly Readonly<{ type: 'text'; text: string }>[] = Object.freeze([
  Object.freeze({
    type: 'text' as const,
    text: 'conformance: always-error is a tool error, reported inside the result',
  }),
]);
export const READONLY_CLAIM_TEXT = 'this tool claimed to be read-only';
/** The claim tool's twin: the same tool without annotations, so any difference a host makes between the two comes from the claim. */
export const NO_CLAIM_PREFIX = 'conformance_no_claim_';
export const NO_CLAIM_TEXT = 'this tool made no claim';
/** What the claim tool claims: every hint at its least dangerous value, each the opposite of MCP's default. */
export const READONLY_CLAIM_ANNOTATIONS: Readonly<Record<string, boolean>> = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});
/** Both unclassifiable tools share it; one description, so only the annotations tell them apart. */
const UNCLASSIFIED_DESCRIPTION =
  'A conformance tool no operator can have classified. Any annotations it carries are claims.';

/** 8 random hex digits, drawn per server, so no host can classify the two nonce tools in advance. */
export const newToolNonce = (): string => randomBytes(4).toString('hex');
export const readonlyClaimToolName = (nonce: string): string => `${READONLY_CLAIM_PREFIX}${nonce}`;
export const noClaimToolName = (nonce: string): string => `${NO_CLAIM_PREFIX}${nonce}`;

const needsCapabilitySchema: JsonObject = { type: 'object', properties: {} };

/** `echo`, the one tool an older revision's subset lists too. */
export function echoTool(): JsonObject {
  return {
    name: 'echo',
    description: 'Returns its text argument as text content.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  };
}

/** The seven tools, in their fixed order; `nonce` names the two no operator can classify. */
export function toolDefinitions(nonce: string): JsonObject[] {
  return [
    echoTool(),
    {
      name: 'structured-echo',
      title: 'Structured echo',
      description: 'Returns { n: 7, nonce } as structured content, with the nonce in _meta.',
      inputSchema: { type: 'object', properties: { nonce: { type: 'string' } }, required: ['nonce'] },
      outputSchema: {
        type: 'object',
        properties: { n: { type: 'integer' }, nonce: { type: 'string' } },
        required: ['n', 'nonce'],
      },
      // Its annotations.title differs from its title, so a display name taken in the wrong order shows.
      annotations: {
        title: 'Echo, structured',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      _meta: { [FIXTURE_META_KEY]: 'rfc-0204' },
    },
    {
      name: 'always-error',
      description: 'Always fails, reporting the failure inside its result (isError: true).',
      inputSchema: { type: 'object', properties: {} },
    },
    {
      name: readonlyClaimToolName(nonce),
      description: UNCLASSIFIED_DESCRIPTION,
      inputSchema: { type: 'object', properties: {} },
      annotations: { ...READONLY_CLAIM_ANNOTATIONS },
    },
    {
      name: 'needs_input',
      description: 'Asks the client for input once (MRTR), then completes. Needs the elicitation capability.',
      inputSchema: needsCapabilitySchema,
      // A display name only in annotations.title: the middle step of MCP's display-name precedence.
      annotations: { title: 'Needs input' },
    },
    {
      name: 'needs_input_loop',
      description: 'Asks the client for input on every round and never completes. Needs the elicitation capability.',
      inputSchema: needsCapabilitySchema,
    },
    {
      name: noClaimToolName(nonce),
      description: UNCLASSIFIED_DESCRIPTION,
      inputSchema: { type: 'object', properties: {} },
    },
  ];
}

/** What one method answered: a result (merged with serverInfo by the server) or an error. */
export type Answer = { result: JsonObject } | { error: { code: number; message: string; data?: Json } };

export const invalidParams = (message: string, data?: Json): Answer => ({
  error: { code: -32602, message, ...(data === undefined ? {} : { data }) },
});

const text = (value: string): JsonObject => ({ type: 'text', text: value });

/** Answers `tools/call` on the 2026-07-28 path. */
export function callTool(params: Record<string, unknown>, nonce: string): Answer {
  const name = params.name;
  const args = isRecord(params.arguments) ? params.arguments : {};
  switch (name) {
    case 'echo':
      if (typeof args.text !== 'string') return invalidParams('Invalid arguments: text must be a string');
      return { result: { resultType: 'complete', content: [text(args.text)], isError: false } };
    case 'structured-echo': {
      if (typeof args.nonce !== 'string') return invalidParams('Invalid arguments: nonce must be a string');
      // No isError key on purpose: a client that adds `isError: false` has altered the result.
      return {
        result: {
          resultType: 'complete',
          content: [text('ok')],
          structuredContent: { n: 7, nonce: args.nonce },
          _meta: { [NONCE_META_KEY]: args.nonce },
        },
      };
    }
    case 'always-error':
      return {
        result: { resultType: 'complete', content: ALWAYS_ERROR_CONTENT.map((block) => ({ ...block })), isError: true },
      };
    case readonlyClaimToolName(nonce):
      return { result: { resultType: 'complete', content: [text(READONLY_CLAIM_TEXT)] } };
    case noClaimToolName(nonce):
      return { result: { resultType: 'complete', content: [text(NO_CLAIM_TEXT)] } };
    case 'needs_input':
    case 'needs_input_loop':
      return needsInput(name, params);
    default:
      return invalidParams('Unknown tool', typeof name === 'string' ? { name } : null);
  }
}

/**
 * MRTR without server state: the round travels in `requestState`, which the client must echo
 * exactly, so a client that rewrites it gets -32602 instead of progress.
 */
function needsInput(tool: 'needs_input' | 'needs_input_loop', params: Record<string, unknown>): Answer {
  const meta = isRecord(params._meta) ? params._meta : {};
  const capabilities = meta['io.modelcontextprotocol/clientCapabilities'];
  if (!isRecord(capabilities) || !isRecord(capabilities.elicitation)) {
    return {
      error: {
        code: -32021,
        message: 'Missing required client capability',
        data: { requiredCapabilities: { elicitation: {} } },
      },
    };
  }
  let round = 0;
  if (params.requestState !== undefined) {
    const match = typeof params.requestState === 'string' ? /^mrtr:([a-z_]+):(\d+)$/.exec(params.requestState) : null;
    if (match === null || match[1] !== tool) return invalidParams('Invalid requestState');
    round = Number(match[2]);
    const responses = params.inputResponses;
    const who = isRecord(responses) ? responses.who : undefined;
    if (!isRecord(who)) return invalidParams('Missing inputResponses.who');
    if (tool === 'needs_input') {
      return { result: { resultType: 'complete', content: [text(`needs_input answered: ${String(who.action)}`)] } };
    }
  }
  return {
    result: {
      resultType: 'input_required',
      inputRequests: {
        who: {
          method: 'elicitation/create',
          params: {
            message: 'Who is calling?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
      },
      requestState: `mrtr:${tool}:${round + 1}`,
    },
  };
}
