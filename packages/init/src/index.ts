export { planInit, applyInit } from './init.js';
export type { InitPlan, PlannedFile } from './plan.js';
export { readGeneratorList } from './generator-list.js';
export type { ListedFile } from './generator-list.js';
