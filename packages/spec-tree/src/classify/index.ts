export { classifyCoreFamilies } from './classify.js';
export * from './types.js';
export type { DocumentFacts, NearMiss, NearMissKind } from './document.js';
export { readDocument } from './document.js';
export { PROSE_CLASSES, classPrefixes, homeClass, requiredExtension } from './homes.js';
export type { ClassPrefixes, HomeClass } from './homes.js';
export { NameIndex, coversFacet, hasKeyword, isClaimToken, isJsWhitespace, names, namesDotted, titledFor, titledKeys } from './naming.js';
