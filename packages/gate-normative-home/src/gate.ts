import type { Gate } from '@openwop-spec/spec-tree';
import { checkNormativeHome } from './check.js';
import { GATE_ID, rules } from './rules.js';
import { writeBaseline } from './write-baseline.js';

export const gate: Gate = {
  id: GATE_ID,
  summary: 'every v2 core family has a home that claims it and binds it, ratcheted toward v1 end-of-support',
  rules: rules.docs,
  check: checkNormativeHome,
  commands: [
    {
      name: 'normative-home',
      summary: 'check every core family’s normative home and the ratchets (scripts/check-v2-normative-home.mjs)',
      flags: {
        '--deadline': 'apply the v1 end-of-support checks: carried-target integrity and the burn-down',
        '--write-baseline': 'rewrite docs/normative-home-baseline.json to the measured state',
      },
      run: (tree, options) => (options.flags.has('--write-baseline') ? writeBaseline(tree, options) : checkNormativeHome(tree, options)),
    },
  ],
};
