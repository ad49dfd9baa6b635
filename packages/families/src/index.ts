export { classifyCoreFamilies } from './classify.js';
export * from './types.js';
export type { DocumentFacts, DocumentRecord, NearMiss, NearMissKind } from './document.js';
export { homeDocument, readDocument } from './document.js';
export { PROSE_CLASSES, classPrefixes, homeClass, requiredExtension } from './homes.js';
export type { ClassPrefixes, HomeClass } from './homes.js';
export {
  NameIndex,
  coversFacet,
  hasKeyword,
  isClaimToken,
  isJsWhitespace,
  names,
  namesDotted,
  titledFor,
  titledKeys,
} from './naming.js';
export * from './declaration.js';
export * from './mdast-text.js';
