/**
 * Agent roster shape (v1 agents family) — major 1 only. Gated on `agents.supported`; every roster
 * entry has a unique agentId and a display name.
 */
import { expect, it } from 'vitest';
import { hostDriver } from '../lib/driver.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';

const ID = 'openwop.it.agent-roster-shape';

describeScenario(import.meta.url, 'agent-roster-shape (v1)', () => {
  it('lists agents with unique ids and names', async (ctx) => {
    requireHost(ctx);
    const doc = (await hostDriver().get('/.well-known/openwop')).json as
      | { agents?: { supported?: boolean } }
      | undefined;
    requireAdvertised(ctx, doc?.agents?.supported === true, 'agents');
    const res = await hostDriver().get('/v1/agents');
    expect(res.status, req(ID, 'agents.md', 'GET /v1/agents MUST answer 200')).toBe(200);
    const agents = (Array.isArray(res.json) ? res.json : []) as { agentId?: unknown; name?: unknown }[];
    const ids = agents.map((a) => a.agentId);
    expect(new Set(ids).size, req(ID, 'agents.md', 'agentIds MUST be unique')).toBe(ids.length);
    for (const a of agents)
      expect(typeof a.name, req(ID, 'agents.md', `${String(a.agentId)} MUST have a name`)).toBe('string');
  });
});
