// `suite`: the RFC 0204 rows against a live host (no mutants). Its options, their environment
// fallbacks and its help all come from one table. The live host binds the server ids of
// spec/v2/core/conformance.md § Conformance fixtures: those of FAKE_ENDPOINTS (run.ts) to the
// suite's fake (with --fake-port, at http://127.0.0.1:<n><path>), and `conformance.down` /
// `conformance-down` to a loopback address nothing answers.
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { httpHost } from './adapters/http.js';
import { forwardLoopback } from './forward.js';
import type { Forwarder } from './forward.js';
import { ROWS } from './rows/index.js';
import type { Row } from './rows/index.js';
import { FAKE_ENDPOINTS, forwardBindings, runRows, startSuiteEnvironment } from './run.js';
import type { RowReport, RunReport } from './run.js';

export interface SuiteIo {
  env: Record<string, string | undefined>;
  out(line: string): void;
  err(line: string): void;
}

interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: true;
  short?: string;
  /** The value's placeholder in the help. */
  arg?: string;
  /** The environment variable a missing option falls back to. */
  env?: string;
  help: string;
}

/** Every option: parseArgs reads this table, and the help is written from it. */
export const SUITE_OPTIONS = {
  host: {
    type: 'string',
    arg: '<url>',
    env: 'OPENWOP_HOST_URL',
    help: "the host's API base URL (http or https); required",
  },
  token: { type: 'string', arg: '<token>', env: 'OPENWOP_HOST_TOKEN', help: 'sent as Authorization: Bearer <token>' },
  major: {
    type: 'string',
    arg: '1|2',
    env: 'OPENWOP_TARGET_MAJOR',
    help: 'the protocol major to judge the host at (default 2)',
  },
  'fake-port': {
    type: 'string',
    arg: '<port>',
    env: 'OPENWOP_MCP_FAKE_SERVER_PORT',
    help: "listen on 127.0.0.1:<port> and forward it to the suite's fake MCP server, for a host configured before the run",
  },
  'cross-principal-tool-id': {
    type: 'string',
    arg: '<toolId>',
    env: 'OPENWOP_CROSS_PRINCIPAL_TOOL_ID',
    help: "a tool another principal may invoke and the token's principal may not, for catalog-cross-principal",
  },
  sse: { type: 'boolean', help: 'the fake answers every request as text/event-stream' },
  format: { type: 'string', arg: 'text|json', help: 'one line per row (default), or the report as JSON' },
  row: { type: 'string', multiple: true, arg: '<row>', help: 'run only this row (repeatable; default: every row)' },
  'allow-unverified': {
    type: 'string',
    multiple: true,
    arg: '<row>',
    help: 'do not fail the run when this row is blocked or inapplicable (repeatable); a failed row still fails it',
  },
  help: { type: 'boolean', short: 'h', help: 'print this help and exit' },
} as const satisfies Record<string, OptionSpec>;

type OptionName = keyof typeof SUITE_OPTIONS;

export const USAGE = 'usage: suite --host <url> [options]';

/** The help, generated from SUITE_OPTIONS. */
export function suiteHelp(): string {
  const specs = Object.entries(SUITE_OPTIONS) as [OptionName, OptionSpec][];
  const left = (name: string, spec: OptionSpec) =>
    `${spec.short === undefined ? '    ' : `-${spec.short}, `}--${name}${spec.arg === undefined ? '' : ` ${spec.arg}`}`;
  const width = Math.max(...specs.map(([name, spec]) => left(name, spec).length));
  const lines = [
    USAGE,
    '',
    'Runs the RFC 0204 rows against a live host and prints one verdict per row.',
    '',
    'Options:',
    ...specs.map(
      ([name, spec]) =>
        `  ${left(name, spec).padEnd(width)}  ${spec.help}${spec.env === undefined ? '' : ` [env ${spec.env}]`}`,
    ),
    '',
    'Exit status: 0 when every row passed (advisory misses included); 1 when a row failed, a row was',
    'blocked, or a row testing a security invariant was inapplicable, unless --allow-unverified names',
    'it; 2 on a usage error.',
  ];
  return lines.join('\n');
}

class UsageError extends Error {}

interface SuiteOptions {
  help: boolean;
  host: string;
  token?: string;
  major: 1 | 2;
  fakePort?: number;
  crossPrincipalToolId?: string;
  sse: boolean;
  format: 'text' | 'json';
  /** The rows to run, in the suite's order. */
  rows: readonly Row[];
  allowUnverified: ReadonlySet<string>;
}

/** The rows an option names, each checked; a usage error names an unknown one. */
function namedRows(option: string, ids: readonly string[]): Set<string> {
  for (const id of ids) {
    if (!ROWS.some((row) => row.id === id))
      throw new UsageError(
        `--${option} names no row: ${JSON.stringify(id)} (rows: ${ROWS.map((r) => r.id).join(', ')})`,
      );
  }
  return new Set(ids);
}

function parse(argv: string[], env: SuiteIo['env']): SuiteOptions {
  const options: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(
    (Object.entries(SUITE_OPTIONS) as [OptionName, OptionSpec][]).map(([name, spec]) => [
      name,
      {
        type: spec.type,
        ...(spec.multiple ? { multiple: true } : {}),
        ...(spec.short === undefined ? {} : { short: spec.short }),
      },
    ]),
  );
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  try {
    ({ values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const text = (name: OptionName): string | undefined => {
    const value = values[name];
    if (typeof value === 'string') return value;
    const fallback = (SUITE_OPTIONS[name] as OptionSpec).env;
    const fromEnv = fallback === undefined ? undefined : env[fallback];
    return fromEnv === '' ? undefined : fromEnv;
  };
  const help = values['help'] === true;
  const host = text('host');
  if (!help && host === undefined) throw new UsageError('--host <url> (or OPENWOP_HOST_URL) is required');
  if (host !== undefined && (!URL.canParse(host) || !/^https?:$/.test(new URL(host).protocol)))
    throw new UsageError(`--host must be an http(s) URL, not ${JSON.stringify(host)}`);
  const majorText = text('major') ?? '2';
  if (majorText !== '1' && majorText !== '2')
    throw new UsageError(`--major must be 1 or 2, not ${JSON.stringify(majorText)}`);
  const portText = text('fake-port');
  let fakePort: number | undefined;
  if (portText !== undefined) {
    fakePort = Number(portText);
    if (!Number.isInteger(fakePort) || fakePort < 1 || fakePort > 65535)
      throw new UsageError(`--fake-port must be a port number, not ${JSON.stringify(portText)}`);
  }
  const format = text('format') ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json, not ${JSON.stringify(format)}`);
  const allowed = namedRows('allow-unverified', (values['allow-unverified'] as string[] | undefined) ?? []);
  const only = namedRows('row', (values['row'] as string[] | undefined) ?? []);
  const token = text('token');
  const crossPrincipalToolId = text('cross-principal-tool-id');
  return {
    help,
    host: host ?? '',
    major: majorText === '1' ? 1 : 2,
    sse: values['sse'] === true,
    format,
    rows: only.size === 0 ? ROWS : ROWS.filter((row) => only.has(row.id)),
    allowUnverified: allowed,
    ...(token === undefined ? {} : { token }),
    ...(fakePort === undefined ? {} : { fakePort }),
    ...(crossPrincipalToolId === undefined ? {} : { crossPrincipalToolId }),
  };
}

/** Why a row's verdict fails the run, or undefined when it does not. */
export function exitReason(row: RowReport, allowUnverified: ReadonlySet<string>): string | undefined {
  if (row.verdict === 'fail') return 'failed';
  if (allowUnverified.has(row.id)) return undefined;
  if (row.verdict === 'blocked') return 'blocked';
  if (row.verdict === 'inapplicable' && row.invariants.length > 0)
    return `inapplicable, and it tests the security invariant ${row.invariants.join(', ')}`;
  return undefined;
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
    io.err(`${USAGE} (suite --help lists the options)`);
    return 2;
  }
  if (options.help) {
    io.out(suiteHelp());
    return 0;
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
      ...(options.crossPrincipalToolId === undefined ? {} : { crossPrincipalToolId: options.crossPrincipalToolId }),
    });
    const report = await runRows(factory, env, options.rows);
    if (options.format === 'json') io.out(JSON.stringify(report, null, 2));
    else printText(report, io);
    let code = 0;
    for (const row of report.rows) {
      const reason = exitReason(row, options.allowUnverified);
      if (reason === undefined) continue;
      code = 1;
      if (row.verdict !== 'fail') io.err(`suite: ${row.id} is ${reason}: ${row.reason}`);
    }
    return code;
  } finally {
    await forwarder?.close();
    await env.close();
  }
}
