export {
  gate,
  checkCoreBudget,
  capFor,
  tableRow,
  proseLine,
  capLine,
  okLine,
  failedLine,
  noCoreLine,
  BASE,
  PER_FAMILY,
  HOMED_AT_0190,
} from './gate.js';
export { countWords, proseWords } from './words.js';
export { measure } from './measure.js';
export type { BudgetRow, Measurement } from './measure.js';
export { rules, GATE_ID } from './rules.js';
