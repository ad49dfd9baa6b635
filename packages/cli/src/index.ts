export { main, VERSION } from './main.js';
export type { Io } from './main.js';
export { GATES } from './registry.js';
export { watchGates, debounce, fileSystemSource } from './watch.js';
export type { ChangeSource, WatchOptions } from './watch.js';
export { HELP, UsageError, commandArgs, parseOptions, processIo, wholeNumber } from './options.js';
export type { CommandPage, OptionSpec, ParsedArgs } from './options.js';
