export { main, VERSION } from './main.js';
export type { Io } from './main.js';
export { GATES } from './registry.js';
