// The suite's knobs, all environment variables so any runner (vitest, CI, a shell) can set them.

export type Major = 1 | 2;

/**
 * The protocol major under test: `OPENWOP_TARGET_MAJOR`, `1` or `2`, default 2. Read on every call
 * so a test can switch it; any other value is a configuration error, never a silent default.
 */
export function targetMajor(): Major {
  const raw = process.env['OPENWOP_TARGET_MAJOR'];
  if (raw === undefined || raw === '') return 2;
  if (raw === '1') return 1;
  if (raw === '2') return 2;
  throw new Error(`OPENWOP_TARGET_MAJOR must be 1 or 2, not ${JSON.stringify(raw)}`);
}

export interface HostConfig {
  /** Base URL of the host under test, e.g. `http://127.0.0.1:8787`. */
  url: URL;
  /** Bearer token for authenticated requests (`OPENWOP_HOST_TOKEN`), if any. */
  token?: string;
}

/** The host under test from `OPENWOP_HOST_URL` (and `OPENWOP_HOST_TOKEN`), or undefined when none is set. */
export function hostConfig(): HostConfig | undefined {
  const raw = process.env['OPENWOP_HOST_URL'];
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`OPENWOP_HOST_URL is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`OPENWOP_HOST_URL must be http(s), not ${url.protocol}`);
  const token = process.env['OPENWOP_HOST_TOKEN'];
  return token ? { url, token } : { url };
}

/** The reason host-driven tests skip when no host is configured. */
export const NO_HOST = 'no host under test: set OPENWOP_HOST_URL (and OPENWOP_HOST_TOKEN) to run this leg';

/**
 * `OPENWOP_REQUIRE_BEHAVIOR=true` turns "this host does not advertise the family" from a skip into a
 * failure, for certification runs where the family is part of the claimed profile.
 */
export function requireBehavior(): boolean {
  return process.env['OPENWOP_REQUIRE_BEHAVIOR'] === 'true';
}
