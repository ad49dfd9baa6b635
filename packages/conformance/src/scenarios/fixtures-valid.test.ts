/**
 * The suite's workflow fixtures are well formed — both majors, server-free. A host under test
 * installs these fixtures; one that is malformed would make its rows fail for the suite's fault.
 */
import { expect, it } from 'vitest';
import { targetMajor } from '../lib/env.js';
import { fixtureProblems, fixtureTargets, readFixtures } from '../lib/fixtures.js';
import { describeScenario } from '../lib/scenario.js';

describeScenario(import.meta.url, 'fixtures-valid', () => {
  const fixtures = readFixtures();

  it('there are fixtures for the target major', () => {
    expect(fixtures.filter((f) => fixtureTargets(f, targetMajor())).length).toBeGreaterThan(0);
  });

  it.each(fixtures.map((f) => [f.file, f] as const))('%s is well formed', (_file, fixture) => {
    expect(fixtureProblems(fixture)).toEqual([]);
  });
});
