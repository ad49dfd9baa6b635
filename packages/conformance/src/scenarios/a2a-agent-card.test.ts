/**
 * A2A agent card (v1 a2a family) — major 1 only. Gated on `a2a.supported`; the card names the
 * agent and the endpoint peers call.
 */
import { expect, it } from 'vitest';
import { hostDriver } from '../lib/driver.js';
import { describeScenario, requireAdvertised, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';

const ID = 'openwop.it.a2a-agent-card';

describeScenario(import.meta.url, 'a2a-agent-card (v1)', () => {
  it('serves an agent card with a name and a url', async (ctx) => {
    requireHost(ctx);
    const doc = (await hostDriver().get('/.well-known/openwop')).json as { a2a?: { supported?: boolean } } | undefined;
    requireAdvertised(ctx, doc?.a2a?.supported === true, 'a2a');
    const card = await hostDriver().get('/v1/a2a/agent-card');
    expect(card.status, req(ID, 'a2a.md', 'GET /v1/a2a/agent-card MUST answer 200')).toBe(200);
    const body = card.json as Record<string, unknown>;
    expect(typeof body['name'], req(ID, 'a2a.md', 'the card MUST name the agent')).toBe('string');
    expect(() => new URL(String(body['url'])), req(ID, 'a2a.md', 'the card MUST carry an absolute url')).not.toThrow();
  });
});
