// What the suite command's tests share: a captured SuiteIo, and a loopback port free to listen on.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { SuiteIo } from '../../src/suite.js';

export function io(env: Record<string, string> = {}): SuiteIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { env, stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l) };
}

/** The low end of the kernel's ephemeral port range, from which listen(0) and outgoing connections take ports. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 20_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A loopback port free now that stays free until the suite listens on it: one below the ephemeral
 * range, so no listen(0) and no outgoing connection of a concurrent test can take it meanwhile (a
 * port from listen(0), closed and handed on, could be taken by the next connection anywhere).
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (;;) {
    const port = 10_000 + randomInt(low - 10_000);
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }
}

/** The bindings a host configured up front gives the suite's fake on `port` (conformance.md § Conformance fixtures). */
export function fakeBindings(port: number, dead: string): Record<string, string> {
  return {
    conformance: `http://127.0.0.1:${port}/mcp`,
    'conformance.earlier': `http://127.0.0.1:${port}/mcp-2025-11-25`,
    'conformance.incompatible': `http://127.0.0.1:${port}/mcp-2024-11-05`,
    'conformance.unshared': `http://127.0.0.1:${port}/mcp-unshared`,
    'conformance.legacy': `http://127.0.0.1:${port}/mcp-legacy`,
    'conformance.legacy-probe': `http://127.0.0.1:${port}/mcp-legacy-probe`,
    'conformance.strict': `http://127.0.0.1:${port}/mcp-strict`,
    'conformance.moved': `http://127.0.0.1:${port}/mcp-moved`,
    'conformance.moved-away': `http://127.0.0.1:${port}/mcp-moved-away`,
    'conformance.see-other': `http://127.0.0.1:${port}/mcp-see-other`,
    'conformance.drops': `http://127.0.0.1:${port}/mcp-drops`,
    'conformance.down': dead,
    'conformance-down': dead,
  };
}
