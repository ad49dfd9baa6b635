import type { Gate } from '@openwop-spec/gate-api';
import { checkSchemas } from './check.js';
import { GATE_ID, rules } from './rules.js';

export { checkSchemas } from './check.js';
export { compileSchemas } from './compile.js';
export type { SchemaEntry, SchemaSet, Validator } from './compile.js';
export { runExamples } from './examples.js';
export type { ExampleRun } from './examples.js';
export { examplesDir, findSchemaFiles, schemaFileFor } from './discover.js';
export { normalizeId, refPathSubject, walkSchema, withoutFragment } from './walk.js';
export type { SchemaWalk } from './walk.js';
export type { Expectation } from './expectation.js';
export { rules } from './rules.js';

const summary =
  'every *.schema.json compiles (Ajv, draft 2020-12, strict mode) and every corpus example validates or fails as documented';

export const gate: Gate = {
  id: GATE_ID,
  summary,
  rules: rules.docs,
  check: checkSchemas,
  commands: [
    {
      name: 'schemas',
      summary,
      flags: {},
      examples: [
        {
          command: 'openwop-spec schemas',
          does: 'compile every *.schema.json and validate every corpus example under schemas/v2/examples/',
        },
      ],
      run: checkSchemas,
    },
  ],
};
