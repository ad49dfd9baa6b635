/**
 * Memory attribution is replay-stable — both majors. The memory events of one completed run name
 * the same run and node on every read of its event log, so a replay attributes them identically.
 * Gate via gateFamily (the record's presence at major 2, `supported` at major 1); run paths via
 * apiPath; the fixture is conformance-memory-attribution.
 */
import { isRecord } from '@openwop-spec/json';
import { expect, it } from 'vitest';
import { gateFamily } from '../lib/discovery.js';
import { hostDriver } from '../lib/driver.js';
import { apiPath } from '../lib/paths.js';
import { runEvents } from '../lib/runs.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';

const ID = 'openwop.it.memory-attribution-replay-stable';

/** The attribution of each memory event, in log order. */
function attribution(events: Record<string, unknown>[]): unknown[] {
  return events
    .filter((e) => typeof e['type'] === 'string' && e['type'].startsWith('memory.'))
    .map((e) => {
      const p = isRecord(e['payload']) ? e['payload'] : {};
      return { type: e['type'], runId: p['runId'], nodeId: p['nodeId'], actor: p['actor'] };
    });
}

describeScenario(import.meta.url, 'memory-attribution-replay-stable', () => {
  it('every read of the event log attributes the memory events identically', async (ctx) => {
    requireHost(ctx);
    requireAdvertised(ctx, (await gateFamily('memory')) !== null, 'memory');
    const started = await hostDriver().post(apiPath('/runs'), {
      workflowId: 'conformance-memory-attribution',
      inputs: {},
    });
    if (started.status === 404 || started.status === 422)
      ctx.skip('blocked: the host does not install conformance-memory-attribution');
    const runId = isRecord(started.json) ? started.json['runId'] : undefined;
    expect(typeof runId, req(ID, 'runs', 'POST /runs MUST return a runId')).toBe('string');

    const first = attribution(await runEvents(runId as string));
    const again = attribution(await runEvents(runId as string));
    if (first.length === 0) ctx.skip('inapplicable: the run logged no memory events');
    for (const a of first)
      expect((a as { runId: unknown }).runId, req(ID, 'memory', 'a memory event MUST name its run')).toBe(runId);
    expect(again, req(ID, 'memory', 'memory attribution MUST be the same on every read (replay-stable)')).toEqual(
      first,
    );
  });
});
