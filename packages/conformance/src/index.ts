// RFC 0204 rows against a pluggable host.
export * from './host-under-test.js';
export { inProcessHost, BUILT_IN_TOOLS, OPERATOR_CLASSIFICATIONS } from './adapters/in-process.js';
export type { InProcessHostOptions } from './adapters/in-process.js';
export { httpHost, capabilitiesFromDiscovery } from './adapters/http.js';
export type { HttpHostOptions } from './adapters/http.js';
export { ROWS, rowById, REQUIREMENT_PREFIX } from './rows/index.js';
export type { Row, RowContext, RowResult } from './rows/index.js';
export { MUTANTS } from './mutants/index.js';
export type { Mutant, Seam } from './mutants/index.js';
export { withHostSeams, withSchemaText, withSuiteSeamsOf } from './seams.js';
export type { HostSeams, SchemaTextSeam, ClassificationsSeam } from './seams.js';
export { assertLoopbackBindings, nonPassing, openRun, runRows, startSuiteEnvironment } from './run.js';
export type { OpenRun, RowReport, RunReport, SuiteEnvironment, SuiteEnvironmentOptions } from './run.js';
export { runSuite } from './suite.js';
export type { SuiteIo } from './suite.js';
