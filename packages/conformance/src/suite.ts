// `suite`: the RFC 0204 rows against a live host (no mutants).
//   pnpm --filter @openwop-spec/conformance run suite -- --host <url> [--token <t>] [--major 1|2]
//        [--fake-port <n>] [--sse] [--format text|json]
// The live host must bind serverId `conformance` to the suite's fake MCP server (with
// --fake-port, at http://127.0.0.1:<n>/mcp), `conformance.earlier` and `conformance.incompatible`
// to its other endpoints on the same port (/mcp-2025-11-25, /mcp-2024-11-05) and
// `conformance.down` / `conformance-down` to a loopback address nothing answers. Exit 0 when no row fails or is blocked, 1 otherwise, 2 on
// a usage error.
import { parseArgs } from 'node:util';
import { httpHost } from './adapters/http.js';
import { forwardLoopback } from './forward.js';
import type { Forwarder } from './forward.js';
import { FAKE_ENDPOINTS, forwardBindings, runRows, startSuiteEnvironment } from './run.js';
import type { RunReport } from './run.js';

export interface SuiteIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

const USAGE =
  'usage: suite --host <url> [--token <token>] [--major 1|2] [--fake-port <port>] [--sse] [--format text|json]';

class UsageError extends Error {}

interface SuiteOptions {
  host: string;
  token?: string;
  major: 1 | 2;
  fakePort?: number;
  sse: boolean;
  format: 'text' | 'json';
}

function parse(argv: string[], env: SuiteIo['env']): SuiteOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        host: { type: 'string' },
        token: { type: 'string' },
        major: { type: 'string' },
        'fake-port': { type: 'string' },
        sse: { type: 'boolean', default: false },
        format: { type: 'string', default: 'text' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const host = values.host ?? env['OPENWOP_HOST_URL'];
  if (host === undefined || host === '') throw new UsageError('--host <url> (or OPENWOP_HOST_URL) is required');
  if (!URL.canParse(host) || !/^https?:$/.test(new URL(host).protocol))
    throw new UsageError(`--host must be an http(s) URL, not ${JSON.stringify(host)}`);
  const majorText = values.major ?? env['OPENWOP_TARGET_MAJOR'] ?? '2';
  if (majorText !== '1' && majorText !== '2')
    throw new UsageError(`--major must be 1 or 2, not ${JSON.stringify(majorText)}`);
  const portText = values['fake-port'] ?? env['OPENWOP_MCP_FAKE_SERVER_PORT'];
  let fakePort: number | undefined;
  if (portText !== undefined && portText !== '') {
    fakePort = Number(portText);
    if (!Number.isInteger(fakePort) || fakePort < 1 || fakePort > 65535)
      throw new UsageError(`--fake-port must be a port number, not ${JSON.stringify(portText)}`);
  }
  if (values.format !== 'text' && values.format !== 'json')
    throw new UsageError(`--format must be text or json, not ${JSON.stringify(values.format)}`);
  const token = values.token ?? env['OPENWOP_HOST_TOKEN'];
  return {
    host,
    major: majorText === '1' ? 1 : 2,
    sse: values.sse === true,
    format: values.format,
    ...(token ? { token } : {}),
    ...(fakePort === undefined ? {} : { fakePort }),
  };
}

function printText(report: RunReport, io: SuiteIo): void {
  io.out(`RFC 0204 rows against ${report.host}`);
  const width = Math.max(...report.rows.map((r) => r.id.length));
  for (const row of report.rows) io.out(`  ${row.id.padEnd(width)}  ${row.verdict.padEnd(13)}  ${row.reason}`);
  const count = (v: string) => report.rows.filter((r) => r.verdict === v).length;
  io.out(
    `${count('pass')} pass, ${count('fail')} fail, ${count('blocked')} blocked, ${count('inapplicable')} inapplicable, ${count('advisory-miss')} advisory-miss`,
  );
}

/** Runs the suite; resolves to the process exit code. */
export async function runSuite(argv: string[], io: SuiteIo): Promise<number> {
  let options: SuiteOptions;
  try {
    options = parse(argv, io.env);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(`suite: ${err.message}`);
    io.err(USAGE);
    return 2;
  }
  const env = await startSuiteEnvironment({ responseMode: options.sse ? 'sse' : 'json' });
  let forwarder: Forwarder | undefined;
  try {
    if (options.fakePort !== undefined) {
      try {
        forwarder = await forwardLoopback(options.fakePort, Number(new URL(env.fake.url).port));
      } catch (err) {
        io.err(
          `suite: cannot listen on 127.0.0.1:${options.fakePort} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
        );
        return 2;
      }
      forwardBindings(env, forwarder.port);
    }
    for (const serverId of Object.keys(FAKE_ENDPOINTS))
      io.err(`suite: the host must bind ${serverId} → ${env.bindings[serverId]}`);
    const factory = httpHost({
      baseUrl: options.host,
      major: options.major,
      ...(options.token ? { apiKey: options.token } : {}),
    });
    const report = await runRows(factory, env);
    if (options.format === 'json') io.out(JSON.stringify(report, null, 2));
    else printText(report, io);
    return report.rows.some((r) => r.verdict === 'fail' || r.verdict === 'blocked') ? 1 : 0;
  } finally {
    await forwarder?.close();
    await env.close();
  }
}
