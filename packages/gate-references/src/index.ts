export { referencesGate } from './gate.js';
export { absentPaths, checkReferences, documents } from './check.js';
export { findCitations } from './citations.js';
export type { Citation } from './citations.js';
export { Resolver } from './resolve.js';
export { GATE_ID, rules } from './rules.js';
