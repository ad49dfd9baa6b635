export { gate } from './gate.js';
export { checkNormativeHome, countsLine, HEADER, OK_LINE, failedLine } from './check.js';
export { writeBaseline } from './write-baseline.js';
export { loadBaseline, loadEos, baselinePath, eosPath } from './inputs.js';
export type { Baseline, EosClock } from './inputs.js';
export { allowedAt, isDate, daysBetween } from './dates.js';
export { homeEntryLine, familyEntryLine } from './rules/homes.js';
export { RULES, GATE_ID } from './rules.js';
