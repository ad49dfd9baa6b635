import { hostConfig } from './env.js';
import type { HostConfig } from './env.js';
import { seamPath } from './paths.js';

export interface HostResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
}

export interface RequestOptions {
  /** Send the bearer token (default true); false probes the unauthenticated answer. */
  authenticated?: boolean;
  headers?: Record<string, string>;
  /** Per-request deadline in milliseconds (default 30 s). */
  timeoutMs?: number;
}

/**
 * A small HTTP client for the host under test. Paths are host-relative (`/tools`, `/runs/…`);
 * seam paths are rewritten for the target major. Redirects are not followed, so a scenario sees
 * the status the host actually answered.
 */
export class HttpDriver {
  constructor(private readonly config: HostConfig) {}

  get(path: string, options?: RequestOptions): Promise<HostResponse> {
    return this.request('GET', path, undefined, options);
  }

  post(path: string, body: unknown, options?: RequestOptions): Promise<HostResponse> {
    return this.request('POST', path, body, options);
  }

  put(path: string, body: unknown, options?: RequestOptions): Promise<HostResponse> {
    return this.request('PUT', path, body, options);
  }

  delete(path: string, options?: RequestOptions): Promise<HostResponse> {
    return this.request('DELETE', path, undefined, options);
  }

  async request(method: string, path: string, body?: unknown, options: RequestOptions = {}): Promise<HostResponse> {
    if (!path.startsWith('/')) throw new Error(`a host path starts with "/": ${path}`);
    const url = new URL(seamPath(path).slice(1), withSlash(this.config.url));
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.authenticated !== false && this.config.token) headers['authorization'] = `Bearer ${this.config.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, {
      method,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: parseJson(text) };
  }
}

/** Joins host-relative paths under the base URL's own path (a host mounted at `/openwop/`). */
function withSlash(url: URL): URL {
  return url.pathname.endsWith('/') ? url : new URL(`${url.pathname}/${url.search}`, url);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

let shared: HttpDriver | undefined;

/** The driver for the configured host; throws when none is configured (scenarios skip before this). */
export function hostDriver(): HttpDriver {
  if (!shared) {
    const config = hostConfig();
    if (!config) throw new Error('no host under test: set OPENWOP_HOST_URL');
    shared = new HttpDriver(config);
  }
  return shared;
}
