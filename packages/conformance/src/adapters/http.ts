// HttpHost: drives a live host over its public API (spec/v2/core/conformance.md § Conformance fixtures). A fixture run is
// `POST /runs { workflowId, inputs }` → 201 `{ runId }`, polled on `GET /runs/{id}` until terminal,
// then read from `GET /runs/{id}/events/poll?timeout=1`: the fixture node's `node.completed`
// (`payload.outputs.result`) or `node.failed` (`payload.error`: `code`, `details`). The node is the
// event's `nodeId` (events.md puts it on the envelope; a `payload.nodeId` is read too). At major 1
// every path carries the `/v1` prefix; at major 2 every request carries `OpenWOP-Version: 2.0`, since
// a host answers an unversioned path without it in its preferredVersion (overview.md, versioning.md).
import { isRecord } from '@openwop-spec/json';
import type {
  HostCapabilities,
  HostFactory,
  HostUnderTest,
  HttpAnswer,
  McpClientInputs,
  Outcome,
} from '../host-under-test.js';
import { HostUnavailable, V1_FIXTURE, V2_FIXTURE } from '../host-under-test.js';

export interface HttpHostOptions {
  /** The host's base URL, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** The protocol major the run targets. Default 2. */
  major?: 1 | 2;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  label?: string;
  /** Delay between run-status polls. Default 200 ms. */
  pollIntervalMs?: number;
  /** How long a fixture run may take to reach a terminal status. Default 30 s. */
  runTimeoutMs?: number;
  fetch?: typeof fetch;
  /** Replaces the discovery read, for a caller that already reads discovery its own way. */
  capabilities?: () => Promise<HostCapabilities>;
  /** A toolId another principal may invoke and the caller may not (OPENWOP_CROSS_PRINCIPAL_TOOL_ID). */
  crossPrincipalToolId?: string;
}

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);
const V2_NODE_ID = 'mcp-client';
const V1_NODE_ID = 'mcp-invoke';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The capabilities the rows gate on, read from a discovery document's root families. */
export function capabilitiesFromDiscovery(doc: unknown, major: 1 | 2): HostCapabilities {
  const root = isRecord(doc) ? doc : {};
  const family = (key: string): Record<string, unknown> | undefined => {
    const record = root[key];
    if (!isRecord(record)) return undefined;
    if (major === 1) {
      // majors-lint-disable-next-line R1 -- v1 discovery carries `supported`; this branch runs only when the caller targets major 1
      return record['supported'] === true ? record : undefined;
    }
    return record; // v2: the presence of the family record is the claim
  };
  const strings = (value: unknown): string[] | undefined =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined;
  const out: HostCapabilities = {};
  const mcp = family('mcp');
  if (mcp !== undefined) {
    const revisions = strings(mcp['revisions']);
    const features = strings(mcp['features']);
    out.mcp = {
      ...(mcp['client'] === true ? { client: true as const } : {}),
      ...(revisions === undefined ? {} : { revisions }),
      ...(features === undefined ? {} : { features }),
    };
  }
  const catalog = family('toolCatalog');
  if (catalog !== undefined) {
    const sources = strings(catalog['sources']);
    out.toolCatalog = {
      ...(sources ? { sources } : {}),
      ...(catalog['compactView'] === true ? { compactView: true } : {}),
    };
  }
  return out;
}

export function httpHost(options: HttpHostOptions): HostFactory {
  return async () => createHttpHost(options);
}

function createHttpHost(options: HttpHostOptions): HostUnderTest {
  const major = options.major ?? 2;
  const prefix = major === 1 ? '/v1' : '';
  const version: Record<string, string> = major === 2 ? { 'OpenWOP-Version': '2.0' } : {};
  const base = options.baseUrl.endsWith('/') ? options.baseUrl.slice(0, -1) : options.baseUrl;
  const doFetch = options.fetch ?? globalThis.fetch;
  const pollIntervalMs = options.pollIntervalMs ?? 200;
  const runTimeoutMs = options.runTimeoutMs ?? 30_000;

  /** One request; a network failure is HostUnavailable, so the row is blocked rather than failed. */
  async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpAnswer> {
    const init: RequestInit = {
      method,
      redirect: 'manual',
      headers: {
        accept: 'application/json',
        ...version,
        ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    let res: Response;
    try {
      res = await doFetch(base + path, init);
    } catch {
      throw new HostUnavailable(`${method} ${path.split('?')[0]} did not answer`);
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: res.status, body: parsed };
  }

  /** Runs a fixture and returns the terminal event of its node. */
  async function runFixture(workflowId: string, inputs: Record<string, unknown>, nodeId: string): Promise<Outcome> {
    const created = await request('POST', `${prefix}/runs`, { workflowId, inputs });
    if (created.status === 404) return { status: 'unsupported' };
    const runId = isRecord(created.body) ? created.body['runId'] : undefined;
    if (created.status !== 201 || typeof runId !== 'string') {
      throw new HostUnavailable(`POST /runs for ${workflowId} answered ${created.status}`);
    }
    const runPath = `${prefix}/runs/${encodeURIComponent(runId)}`;
    const deadline = Date.now() + runTimeoutMs;
    let status = '';
    for (;;) {
      const snapshot = await request('GET', runPath);
      status = isRecord(snapshot.body) && typeof snapshot.body['status'] === 'string' ? snapshot.body['status'] : '';
      if (TERMINAL.has(status)) break;
      if (Date.now() >= deadline) {
        throw new HostUnavailable(`the ${workflowId} run did not reach a terminal status within ${runTimeoutMs} ms`);
      }
      await sleep(pollIntervalMs);
    }
    const log = await request('GET', `${runPath}/events/poll?timeout=1`);
    const events =
      isRecord(log.body) && Array.isArray(log.body['events']) ? (log.body['events'] as unknown[]) : undefined;
    if (log.status !== 200 || events === undefined)
      throw new HostUnavailable(`GET /runs/{runId}/events/poll answered ${log.status}`);
    const nodeOf = (e: Record<string, unknown>) =>
      e['nodeId'] ?? (isRecord(e['payload']) ? e['payload']['nodeId'] : undefined);
    const ofNode = (type: string) => {
      const event = events.filter(isRecord).find((e) => e['type'] === type && nodeOf(e) === nodeId);
      return event === undefined ? undefined : isRecord(event['payload']) ? event['payload'] : {};
    };
    const completed = ofNode('node.completed');
    if (completed !== undefined) {
      const outputs = isRecord(completed['outputs']) ? completed['outputs'] : {};
      return { status: 'completed', result: outputs['result'] };
    }
    const failed = ofNode('node.failed');
    if (failed !== undefined) {
      const error = isRecord(failed['error']) ? failed['error'] : {};
      const errorCode = typeof error['code'] === 'string' ? error['code'] : 'unknown';
      return {
        status: 'failed',
        errorCode,
        ...(typeof error['message'] === 'string' ? { message: error['message'] } : {}),
        ...(isRecord(error['details']) ? { details: error['details'] } : {}),
      };
    }
    throw new HostUnavailable(
      `the ${workflowId} run ended ${status} with no node.completed or node.failed for node ${nodeId} on its event log`,
    );
  }

  const toolsQuery = (q?: { view?: string }) => (q?.view === undefined ? '' : `?view=${encodeURIComponent(q.view)}`);

  const host: HostUnderTest = {
    label: options.label ?? `live host ${base} (major ${major})`,
    major,
    ...(options.crossPrincipalToolId === undefined ? {} : { crossPrincipalToolId: options.crossPrincipalToolId }),
    async capabilities() {
      if (options.capabilities) return options.capabilities();
      const doc = await request('GET', '/.well-known/openwop');
      if (doc.status !== 200) throw new HostUnavailable(`GET /.well-known/openwop answered ${doc.status}`);
      return capabilitiesFromDiscovery(doc.body, major);
    },
    runMcpClient: (i: McpClientInputs) => runFixture(V2_FIXTURE, { ...i }, V2_NODE_ID),
    getTools: (q) => request('GET', `${prefix}/tools${toolsQuery(q)}`),
    getTool: (id, q) => request('GET', `${prefix}/tools/${encodeURIComponent(id)}${toolsQuery(q)}`),
  };
  // The v1 leg exists only at major 1.
  if (major === 1)
    host.runV1Invoke = ({ text, toolName }) =>
      runFixture(V1_FIXTURE, { text, ...(toolName === undefined ? {} : { toolName }) }, V1_NODE_ID);
  return host;
}
