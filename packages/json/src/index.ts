export * from './record.js';
export * from './pointer.js';
export * from './diff.js';
export * from './clone.js';
