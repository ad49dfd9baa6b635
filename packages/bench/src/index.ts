export * from './prng.js';
export * from './prose.js';
export * from './model.js';
export * from './generate.js';
