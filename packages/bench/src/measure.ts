import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Sample } from './stats.js';

const PROBE = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'probe.js')).href;

/** Runs `node [--import probe] script args` as a fresh process and measures it. */
export function measure(
  script: string,
  args: readonly string[],
  probe: string,
  options: { cwd?: string } = {},
): Sample & { code: number; stdout: string; stderr: string } {
  rmSync(probe, { force: true });
  const t0 = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ['--import', PROBE, script, ...args], {
    env: { ...process.env, OPENWOP_BENCH_PROBE: probe, NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const usage = JSON.parse(readFileSync(probe, 'utf8')) as { userMs: number; systemMs: number; maxRssKiB: number };
  return {
    wallMs,
    cpuMs: usage.userMs + usage.systemMs,
    rssMiB: usage.maxRssKiB / 1024,
    code: child.status ?? -1,
    stdout: child.stdout,
    stderr: child.stderr,
  };
}
