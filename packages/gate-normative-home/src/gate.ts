import type { Gate } from '@openwop-spec/gate-api';
import { checkNormativeHome } from './check.js';
import { GATE_ID, RULES } from './rules.js';
import { writeBaseline } from './write-baseline.js';

export const gate: Gate = {
  id: GATE_ID,
  summary: 'every v2 core family has a home that claims it and binds it, ratcheted toward v1 end-of-support',
  rules: RULES,
  check: checkNormativeHome,
  commands: [
    {
      name: 'normative-home',
      summary: 'check every core family’s normative home and the ratchets (scripts/check-v2-normative-home.mjs)',
      flags: {
        '--deadline':
          'also apply the v1 end-of-support checks, dated by --today. Before the end-of-support date: the burn-down (families still open against the number the schedule allows today) and a preview of carried v1 homes the fallback would not cover. On and after it: carried-target integrity (every carried v1 home keeps the Status banner recorded in v1Banners). Prints the burn-down line and what it checked.',
        '--write-baseline':
          'rewrite docs/normative-home-baseline.json to the measured state (the counters, v1Carried, and v1Banners for new carried homes; its comments, t0 and openAtT0 are kept), atomically. Run it when the ratchet reports an improvement and commit the diff with the change that made it. Refused, writing nothing, while a home check fails.',
      },
      examples: [
        {
          command: 'openwop-spec normative-home',
          does: 'check every core family’s home and the ratchets against the baseline',
        },
        {
          command: 'openwop-spec normative-home --deadline --today 2026-11-01',
          does: 'also check the burn-down and the end-of-support fallback as of 1 November 2026',
        },
        {
          command: 'openwop-spec normative-home --write-baseline',
          does: 'bank a gain (a family moved out of spec/v1/) in docs/normative-home-baseline.json; review and commit the diff',
        },
      ],
      run: (tree, options) =>
        options.flags.has('--write-baseline') ? writeBaseline(tree, options) : checkNormativeHome(tree, options),
    },
  ],
};
