/**
 * Run list pagination (v1 runList family) — major 1 only. Following `nextCursor` from
 * `GET /v1/runs?limit=2` visits each run at most once, and every page honours the limit.
 */
import { expect, it } from 'vitest';
import { hostDriver } from '../lib/driver.js';
import { describeScenario, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';

const ID = 'openwop.it.run-list-pagination';

describeScenario(import.meta.url, 'run-list-pagination (v1)', () => {
  it('pages through runs without repeating one', async (ctx) => {
    requireHost(ctx);
    const seen = new Set<string>();
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const res = await hostDriver().get(`/v1/runs?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status, req(ID, 'run-list.md', 'GET /v1/runs MUST answer 200')).toBe(200);
      const body = res.json as { runs?: { runId?: string }[]; nextCursor?: string };
      const runs = body.runs ?? [];
      expect(runs.length, req(ID, 'run-list.md', 'a page MUST NOT exceed limit')).toBeLessThanOrEqual(2);
      for (const r of runs) {
        expect(
          seen.has(String(r.runId)),
          req(ID, 'run-list.md', `run ${String(r.runId)} MUST appear once across pages`),
        ).toBe(false);
        seen.add(String(r.runId));
      }
      if (typeof body.nextCursor !== 'string') return;
      cursor = body.nextCursor;
    }
  });
});
