#!/usr/bin/env node
// How the reference MCP client's event-stream reading grows with an unbroken line: a loopback
// server streams `data: xxx…` without ever ending the line, and the client (maxResponseBytes N MiB)
// must refuse it with `too_large`. Linear reading takes about twice as long at twice the size; a
// parser that copies its whole buffer per chunk takes about four times as long.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { McpTransportFailure, createMcpClient } from '@openwop-spec/mcp-client';

const MiB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x78);

async function timeToRefuse(url: string, limitMiB: number): Promise<number> {
  const client = createMcpClient({
    servers: { s: { url, maxResponseBytes: limitMiB * MiB, timeoutMs: 600_000 } },
    revisions: ['2026-07-28'],
  });
  const t0 = performance.now();
  const outcome = await client.listTools({ serverId: 's' }).then(
    () => 'resolved',
    (err: unknown) => (err instanceof McpTransportFailure ? err.reason : String(err)),
  );
  const ms = performance.now() - t0;
  if (outcome !== 'too_large') throw new Error(`expected too_large at ${limitMiB} MiB, got ${outcome}`);
  return ms;
}

async function run(): Promise<void> {
  const json = process.argv.includes('--json');
  const runs = 5;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream' });
    res.write('data: ');
    const pump = (): void => {
      while (!res.destroyed && res.write(CHUNK));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const rows: { limitMiB: number; medianMs: number; msPerMiB: number }[] = [];
  try {
    for (const limitMiB of [8, 16, 32]) {
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) samples.push(await timeToRefuse(url, limitMiB));
      samples.sort((a, b) => a - b);
      const medianMs = samples[Math.floor(runs / 2)]!;
      rows.push({ limitMiB, medianMs: Math.round(medianMs), msPerMiB: Math.round((medianMs / limitMiB) * 100) / 100 });
    }
  } finally {
    server.closeAllConnections();
    server.close();
  }
  const growth32over8 = Math.round((rows[2]!.medianMs / rows[0]!.medianMs) * 100) / 100;
  const measurements = {
    runs,
    rows,
    growth32over8,
    linear: growth32over8 <= 6,
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
  };
  if (json) {
    process.stdout.write(JSON.stringify(measurements, null, 2) + '\n');
    return;
  }
  process.stdout.write('unbroken event-stream line refused as too_large (median of 5)\n');
  for (const r of rows)
    process.stdout.write(
      `  ${String(r.limitMiB).padStart(2)} MiB  ${String(r.medianMs).padStart(6)} ms  ${r.msPerMiB} ms/MiB\n`,
    );
  process.stdout.write(
    `growth 32 MiB / 8 MiB: ${growth32over8} (linear ≈ 4, quadratic ≈ 16): ${measurements.linear ? 'linear' : 'NOT linear'}\n`,
  );
  process.stdout.write(`load average (1, 5, 15 min): ${measurements.loadAverage.join(' ')}\n`);
}

run().catch((err: unknown) => {
  process.stderr.write(`sse-bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
});
