export * from './gate.js';
