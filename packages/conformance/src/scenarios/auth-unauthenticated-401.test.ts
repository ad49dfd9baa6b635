/**
 * Authentication (v1 auth family) — major 1 only. The run API refuses an unauthenticated caller
 * with 401 and a WWW-Authenticate challenge; discovery stays public.
 */
import { expect, it } from 'vitest';
import { hostDriver } from '../lib/driver.js';
import { describeScenario, requireHost } from '../lib/scenario.js';
import { req } from '../lib/requirements.js';

const ID = 'openwop.it.auth-unauthenticated-401';

describeScenario(import.meta.url, 'auth-unauthenticated-401 (v1)', () => {
  it('GET /v1/runs without credentials is 401 with a challenge; discovery is public', async (ctx) => {
    requireHost(ctx);
    const res = await hostDriver().get('/v1/runs', { authenticated: false });
    expect(res.status, req(ID, 'auth.md', 'an unauthenticated GET /v1/runs MUST be 401')).toBe(401);
    expect(res.headers.get('www-authenticate'), req(ID, 'auth.md', 'a 401 MUST carry WWW-Authenticate')).toBeTruthy();
    const discovery = await hostDriver().get('/.well-known/openwop', { authenticated: false });
    expect(discovery.status, req(ID, 'capabilities.md', 'discovery MUST NOT require authentication')).toBe(200);
  });
});
