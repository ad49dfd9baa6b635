/**
 * The RFC 0204 requirement rows (src/rows/) inside a scenario file: one test per row, all against
 * one host and one fake MCP server per file (the fake is never reset). The host comes from the
 * environment:
 *
 *   OPENWOP_HOST_URL (+ OPENWOP_HOST_TOKEN)  a live host, driven by HttpHost at the target major.
 *       Rows whose expected value is the fake's recording need the host to reach this run's fake:
 *       OPENWOP_MCP_FAKE_SERVER_PORT=<n> forwards 127.0.0.1:<n> to it (bind each server id of
 *       FAKE_ENDPOINTS in run.ts to http://127.0.0.1:<n><its path>, e.g. `conformance` to
 *       http://127.0.0.1:<n>/mcp); without it those rows are skipped as blocked.
 *       OPENWOP_CROSS_PRINCIPAL_TOOL_ID names a tool of another principal for the catalog's
 *       non-disclosure row.
 *   otherwise                                 the in-process reference host, unless
 *       OPENWOP_IN_PROCESS_HOST=false, in which case every row is skipped with the reason.
 * The corpus row reads tool-descriptor.schema.json under OPENWOP_SCHEMAS_DIR (see schemas.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { httpHost } from '../adapters/http.js';
import { inProcessHost } from '../adapters/in-process.js';
import { forwardLoopback } from '../forward.js';
import type { Forwarder } from '../forward.js';
import type { HostFactory } from '../host-under-test.js';
import { rowById } from '../rows/index.js';
import type { Row } from '../rows/index.js';
import { forwardBindings, openRun, startSuiteEnvironment } from '../run.js';
import type { OpenRun, SuiteEnvironment } from '../run.js';
import { hostConfig, targetMajor } from './env.js';
import { req } from './requirements.js';
import { schemasDir } from './schemas.js';

export type HostChoice =
  | { kind: 'live'; factory: HostFactory; fakePort: number | undefined }
  | { kind: 'in-process'; factory: HostFactory }
  | { kind: 'none'; reason: string };

export const NO_HOST_FOR_ROWS =
  'no host under test: set OPENWOP_HOST_URL, or leave OPENWOP_IN_PROCESS_HOST unset to judge the in-process reference host';

/** The host the rows judge, from the environment (see the module comment). */
export function chooseHost(env: NodeJS.ProcessEnv = process.env): HostChoice {
  const live = hostConfig();
  if (live !== undefined) {
    const portText = env['OPENWOP_MCP_FAKE_SERVER_PORT'];
    const fakePort = portText === undefined || portText === '' ? undefined : Number(portText);
    if (fakePort !== undefined && !(Number.isInteger(fakePort) && fakePort >= 1 && fakePort <= 65535)) {
      throw new Error(`OPENWOP_MCP_FAKE_SERVER_PORT must be a port number, not ${JSON.stringify(portText)}`);
    }
    const crossPrincipalToolId = env['OPENWOP_CROSS_PRINCIPAL_TOOL_ID'];
    const factory = httpHost({
      baseUrl: live.url.href,
      major: targetMajor(),
      ...(live.token ? { apiKey: live.token } : {}),
      ...(crossPrincipalToolId ? { crossPrincipalToolId } : {}),
    });
    return { kind: 'live', factory, fakePort };
  }
  if (env['OPENWOP_IN_PROCESS_HOST'] === 'false') return { kind: 'none', reason: NO_HOST_FOR_ROWS };
  return { kind: 'in-process', factory: inProcessHost() };
}

/** Registers one test per row id, in the calling describe block. */
export function rfc0204Rows(ids: readonly string[]): void {
  const rows: Row[] = ids.map((id) => {
    const row = rowById(id);
    if (row === undefined) throw new Error(`rfc0204Rows: no RFC 0204 row "${id}"`);
    return row;
  });
  const choice = chooseHost();
  let env: SuiteEnvironment | undefined;
  let forwarder: Forwarder | undefined;
  let run: OpenRun | undefined;

  beforeAll(async () => {
    if (choice.kind === 'none') return;
    env = await startSuiteEnvironment({ schemasDir: schemasDir() });
    if (choice.kind === 'live' && choice.fakePort !== undefined) {
      try {
        forwarder = await forwardLoopback(choice.fakePort, Number(new URL(env.fake.url).port));
      } catch (err) {
        // One fixed port serves one file at a time: run live-host scenario files one after another.
        throw new Error(
          `cannot listen on 127.0.0.1:${choice.fakePort} (OPENWOP_MCP_FAKE_SERVER_PORT): ${(err as NodeJS.ErrnoException).code ?? String(err)}; ` +
            'with a fixed fake port, run the scenario files sequentially (vitest --no-file-parallelism)',
        );
      }
      forwardBindings(env, forwarder.port);
    }
    run = await openRun(choice.factory, env, { major: targetMajor() });
  }, 60_000);

  afterAll(async () => {
    await run?.close();
    await forwarder?.close();
    await env?.close();
  });

  for (const row of rows) {
    it(`${row.id}${row.advisory ? ' (advisory)' : ''}: ${row.summary}`, async (ctx) => {
      if (choice.kind === 'none') return ctx.skip(choice.reason);
      if (row.needsFake === true && choice.kind === 'live' && choice.fakePort === undefined) {
        return ctx.skip(
          'blocked: the live host cannot reach this run\'s fake MCP server; set OPENWOP_MCP_FAKE_SERVER_PORT to the port its "conformance" binding uses',
        );
      }
      const report = await run!.judge(row);
      if (report.verdict === 'inapplicable' || report.verdict === 'blocked')
        return ctx.skip(`${report.verdict}: ${report.reason}`);
      if (report.verdict === 'advisory-miss') {
        await ctx.annotate(`advisory-miss: ${report.reason}`, 'advisory');
        return;
      }
      expect(report.verdict, req(report.requirement, `RFC 0204 ${row.rfc} (${run!.label})`, report.reason)).toBe(
        'pass',
      );
    }, 70_000); // Each row runs the fixture up to twice on a live host, each run bounded at 30 s.
  }
}
