export * from './model.js';
export * from './order.js';
