export { checkReferences, ReferenceChecker } from './references.js';
export type { ReferenceOptions } from './references.js';
export { findCitations } from './citations.js';
export type { Citation } from './citations.js';
export { headings, headingNames, slug } from './headings.js';
export { Repo, formatFindings } from './repo.js';
export type { Finding } from './repo.js';
export { checkInvariants, registeredRows, INVARIANTS_FILE } from './invariants.js';
