import shared from '../../vitest.shared.js';

// Scenario files live in src/scenarios (the scenario-majors gate reads them there); unit tests of
// the suite's helpers live in test/.
export default {
  ...shared,
  test: { ...shared.test, include: ['src/scenarios/**/*.test.ts', 'test/**/*.test.ts'] },
};
