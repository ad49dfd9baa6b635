import type { RuleDoc } from '@openwop-spec/diagnostics';
import { rules as baseline } from './rules/baseline.js';
import { rules as carried } from './rules/carried.js';
import { rules as claims } from './rules/claims.js';
import { rules as deadline } from './rules/deadline.js';
import { rules as facets } from './rules/facets.js';
import { rules as homes } from './rules/homes.js';
import { rules as rows } from './rules/rows.js';

export { GATE_ID } from './id.js';

/** Every rule the normative-home gate can emit: one module per rule family under rules/. */
export const RULES: readonly RuleDoc[] = [rows, homes, claims, facets, carried, deadline, baseline].flatMap(
  (r) => r.docs,
);
