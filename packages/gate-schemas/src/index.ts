import type { Gate } from '@openwop-spec/spec-tree';

// Placeholder until the gate lands; the CLI registry imports every gate by this name.
export const gate: Gate = {
  id: 'schemas',
  summary: 'not implemented yet',
  rules: [],
  commands: [],
  check: () => Promise.reject(new Error('schemas is not implemented yet')),
};
