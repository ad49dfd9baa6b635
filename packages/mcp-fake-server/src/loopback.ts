// Tests must never leave the machine: only loopback names and addresses are accepted.
import { isIPv4 } from 'node:net';

/** `127.0.0.0/8`, `::1` (bracketed or not) or `localhost`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost' || bare === '::1') return true;
  return isIPv4(bare) && bare.startsWith('127.');
}

/** Whether a URL's host is loopback; an unparsable URL is not. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
