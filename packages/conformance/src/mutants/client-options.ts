// The mutants on the options the host's MCP client is made with: the capabilities it declares (row
// input-required-never-returned), what it puts on the wire (row call-tool-verbatim, through the
// fake's header validation), and, through the `fetch` it is given, how it reads what the server
// answered: which answers make it fall back to an earlier revision (rows earlier-era-fallback and
// reserved-errors-no-fallback) and which redirects it follows (row redirects-within-origin).
import { withHostSeams } from '../seams.js';
import type { Mutant } from './mutant.js';

type Fetch = typeof fetch;

/** A mutant that hands the host's client `wrap(fetch)` in place of the fetch it would use. */
const onFetch = (id: string, row: string, description: string, wrap: (base: Fetch) => Fetch): Mutant => ({
  id,
  row,
  seam: 'client options',
  description,
  wrap: (factory) =>
    withHostSeams(factory, { clientOptions: (options) => ({ ...options, fetch: wrap(options.fetch ?? fetch) }) }, id),
});

const urlOf = (input: Parameters<Fetch>[0]): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The errors by which a 2026-07-28 server answers (-32601 counts only at 404): never an earlier era's. */
const MODERN_CODES = new Set([-32020, -32021, -32022]);
const isModernError = (status: number, code: unknown): boolean =>
  MODERN_CODES.has(code as number) || (code === -32601 && status === 404);

/** The JSON-RPC error code of a body, if it is one. */
function errorCode(text: string): unknown {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown } };
    return body.error?.code;
  } catch {
    return undefined;
  }
}

/** The same answer, its body already read as `text`, with `status` in place of its own. */
const answer = (response: Response, text: string, status = response.status): Response =>
  new Response(text, { status, headers: response.headers });

/** What an older era's server answers a 2026-07-28 request with: 400 and no 2026-07-28 error. */
const eraRefusal = (): Response =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request' } }), {
    status: 400,
    headers: { 'content-type': 'application/json' },
  });

/** Reads -32021 or -32020 (`code`) as an older era's 400, so the client falls back to `initialize`. */
const fallsBackOn =
  (code: number) =>
  (base: Fetch): Fetch =>
  async (input, init) => {
    const response = await base(input, init);
    if (response.status !== 400) return response;
    const text = await response.text();
    return errorCode(text) === code ? eraRefusal() : answer(response, text);
  };

/** The Location of a redirect, resolved against the URL asked; undefined for any other answer. */
function redirectTarget(response: Response, input: Parameters<Fetch>[0]): URL | undefined {
  const location = response.headers.get('location');
  return response.status >= 300 && response.status < 400 && location !== null
    ? new URL(location, urlOf(input))
    : undefined;
}

export const CLIENT_OPTIONS_MUTANTS: readonly Mutant[] = [
  {
    id: 'M-undeclared-elicitation',
    row: 'input-required-never-returned',
    seam: 'client options',
    description: 'lists elicitation in mcp.features but declares no client capability to the server',
    wrap: (factory) =>
      withHostSeams(
        factory,
        { clientOptions: (options) => ({ ...options, clientCapabilities: {} }) },
        'M-undeclared-elicitation',
      ),
  },
  onFetch(
    'M-wrong-mcp-name',
    'call-tool-verbatim',
    'sends tools/call structured-echo with an Mcp-Name header that differs from params.name',
    (base) => (input, init) => {
      const headers = new Headers(init?.headers);
      if (headers.get('mcp-name') === 'structured-echo') headers.set('mcp-name', 'Structured-Echo');
      return base(input, { ...init, headers });
    },
  ),
  onFetch(
    'M-no-fallback',
    'earlier-era-fallback',
    'never falls back on a 400, 404 or 405 without a 2026-07-28 error: reads it as a server fault',
    (base) => async (input, init) => {
      const response = await base(input, init);
      const modernRequest = new Headers(init?.headers).get('mcp-protocol-version') === '2026-07-28';
      if (!modernRequest || ![400, 404, 405].includes(response.status)) return response;
      const text = await response.text();
      return answer(response, text, isModernError(response.status, errorCode(text)) ? response.status : 502);
    },
  ),
  onFetch(
    'M-fallback-on-32021',
    'reserved-errors-no-fallback',
    'falls back to initialize when a 2026-07-28 request is answered -32021, as if an older server had refused it',
    fallsBackOn(-32021),
  ),
  onFetch(
    'M-fallback-on-32020',
    'reserved-errors-no-fallback',
    'falls back to initialize when a 2026-07-28 request is answered -32020, as if an older server had refused it',
    fallsBackOn(-32020),
  ),
  onFetch(
    'M-redirect-as-get',
    'redirects-within-origin',
    'follows a 307 within the origin with a GET, as if it were a 303',
    (base) => async (input, init) => {
      const response = await base(input, init);
      const target = response.status === 307 ? redirectTarget(response, input) : undefined;
      if (target === undefined || target.origin !== new URL(urlOf(input)).origin) return response;
      return base(target.href, { method: 'GET', headers: init?.headers ?? {}, redirect: 'manual' });
    },
  ),
  onFetch(
    'M-follow-other-origin',
    'redirects-within-origin',
    'follows a 307 or 308 to another origin, sending the request there as it was',
    (base) => async (input, init) => {
      const response = await base(input, init);
      const target = response.status === 307 || response.status === 308 ? redirectTarget(response, input) : undefined;
      if (target === undefined || target.origin === new URL(urlOf(input)).origin) return response;
      return base(target.href, init);
    },
  ),
  onFetch(
    'M-follow-see-other',
    'redirects-within-origin',
    'follows a 301, 302 or 303 as fetch does by default: a GET to the Location',
    (base) => async (input, init) => {
      const response = await base(input, init);
      const target = [301, 302, 303].includes(response.status) ? redirectTarget(response, input) : undefined;
      if (target === undefined) return response;
      return base(target.href, { method: 'GET', headers: init?.headers ?? {}, redirect: 'manual' });
    },
  ),
];
