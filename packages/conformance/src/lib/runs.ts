import { isRecord } from './discovery.js';
import { hostDriver } from './driver.js';
import { apiPath } from './paths.js';

/** What one fixture node produced (RFC0204-RUNTIME §7.1). */
export type NodeOutcome = { status: 'completed'; result: unknown } | { status: 'failed'; errorCode: string } | { status: 'unsupported'; reason: string };

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export interface RunOptions {
  /** Poll interval (default 200 ms) and overall deadline (default 30 s). */
  intervalMs?: number;
  timeoutMs?: number;
}

/**
 * Runs a conformance fixture workflow and returns what the node `nodeId` produced, read from the
 * event log (`node.completed` outputs.result, or `node.failed` error.code): the normative
 * observation path, not a host-specific seam. A host without the fixture is `unsupported`.
 */
export async function runFixtureNode(workflowId: string, nodeId: string, inputs: Record<string, unknown>, options: RunOptions = {}): Promise<NodeOutcome> {
  const driver = hostDriver();
  const started = await driver.post(apiPath('/runs'), { workflowId, inputs });
  if (started.status === 404 || started.status === 422) return { status: 'unsupported', reason: `POST /runs for ${workflowId} answered ${started.status}` };
  if (started.status !== 201 && started.status !== 200) throw new Error(`POST /runs for ${workflowId} answered ${started.status}: ${started.text.slice(0, 200)}`);
  const runId = isRecord(started.json) ? started.json['runId'] : undefined;
  if (typeof runId !== 'string') throw new Error(`POST /runs for ${workflowId} returned no runId`);

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const run = await driver.get(apiPath(`/runs/${encodeURIComponent(runId)}`));
    const status = isRecord(run.json) ? run.json['status'] : undefined;
    if (typeof status === 'string' && TERMINAL.has(status)) break;
    if (Date.now() > deadline) throw new Error(`run ${runId} of ${workflowId} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 200));
  }

  for (const event of await runEvents(runId)) {
    const payload = isRecord(event['payload']) ? event['payload'] : {};
    if (payload['nodeId'] !== nodeId) continue;
    if (event['type'] === 'node.completed') return { status: 'completed', result: isRecord(payload['outputs']) ? payload['outputs']['result'] : undefined };
    if (event['type'] === 'node.failed') {
      const error = isRecord(payload['error']) ? payload['error'] : {};
      return { status: 'failed', errorCode: String(error['code']) };
    }
  }
  throw new Error(`run ${runId} of ${workflowId} has no node.completed or node.failed for ${nodeId}`);
}

/** The run's event log (`GET /runs/{id}/events/poll?timeout=1`). */
export async function runEvents(runId: string): Promise<Record<string, unknown>[]> {
  const res = await hostDriver().get(apiPath(`/runs/${encodeURIComponent(runId)}/events/poll?timeout=1`));
  const body = res.json;
  const events = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body['events']) ? body['events'] : [];
  return events.filter(isRecord);
}
