import { isRecord } from '@openwop-spec/json';
import { hostDriver } from './driver.js';
import { apiPath } from './paths.js';

/** The run's event log (`GET /runs/{id}/events/poll?timeout=1`). */
export async function runEvents(runId: string): Promise<Record<string, unknown>[]> {
  const res = await hostDriver().get(apiPath(`/runs/${encodeURIComponent(runId)}/events/poll?timeout=1`));
  const body = res.json;
  const events = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body['events']) ? body['events'] : [];
  return events.filter(isRecord);
}
