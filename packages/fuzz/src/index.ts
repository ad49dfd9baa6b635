export * from './growth.js';
export * from './operators.js';
export * from './run.js';
export * from './summary.js';
