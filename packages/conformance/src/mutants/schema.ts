// Mutants on the text of schemas/v2/tool-descriptor.schema.json (row annotations-schema): delete
// any one of the eight table clauses, drop the annotations `required`, or open the annotations
// object. Each parses the pristine text, changes one thing, and serialises it again; the corpus row
// then compiles the copy in a fresh Ajv.
import { withSchemaText } from '../seams.js';
import type { Mutant } from './mutant.js';

type Json = Record<string, unknown>;

/** The value at `keys` under `value`, or undefined where a step is missing or not an object. */
const dig = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Json)[k] : undefined), value);

/** The table's eight clauses as (hint, value) pairs, in the schema's order. */
export const TABLE_CLAUSES: readonly (readonly [string, boolean])[] = [
  ['readOnlyHint', true],
  ['readOnlyHint', false],
  ['destructiveHint', true],
  ['destructiveHint', false],
  ['idempotentHint', true],
  ['idempotentHint', false],
  ['openWorldHint', false],
  ['openWorldHint', true],
];

/** The allOf index of the clause whose `then` pins `hint` to `value`; throws when the schema has no such clause. */
function clauseIndex(schema: Json, hint: string, value: boolean): number {
  const allOf = Array.isArray(schema['allOf']) ? (schema['allOf'] as unknown[]) : [];
  const found = allOf.findIndex(
    (c) => dig(c, 'then', 'properties', 'annotations', 'properties', hint, 'const') === value,
  );
  if (found === -1)
    throw new Error(`tool-descriptor.schema.json has no allOf clause setting annotations.${hint} to ${value}`);
  return found;
}

function edit(transform: (schema: Json) => void): (text: string) => string {
  return (text) => {
    const schema = JSON.parse(text) as Json;
    transform(schema);
    return `${JSON.stringify(schema, null, 2)}\n`;
  };
}

function annotationsOf(schema: Json): Json {
  const annotations = dig(schema, 'properties', 'annotations');
  if (typeof annotations !== 'object' || annotations === null)
    throw new Error('tool-descriptor.schema.json has no annotations property');
  return annotations as Json;
}

const schemaMutant = (id: string, description: string, transform: (schema: Json) => void): Mutant => ({
  id,
  row: 'annotations-schema',
  seam: 'schema text',
  description,
  wrap: (factory) => withSchemaText(factory, edit(transform)),
});

export const SCHEMA_MUTANTS: readonly Mutant[] = [
  ...TABLE_CLAUSES.map(([hint, value]) =>
    schemaMutant(`M-schema-delete-${hint}-${value}`, `deletes the clause setting ${hint}: ${value}`, (schema) => {
      (schema['allOf'] as unknown[]).splice(clauseIndex(schema, hint, value), 1);
    }),
  ),
  schemaMutant('M-schema-drop-required', 'drops the annotations required list', (schema) => {
    delete annotationsOf(schema)['required'];
  }),
  schemaMutant('M-schema-open-annotations', 'sets annotations additionalProperties: true', (schema) => {
    annotationsOf(schema)['additionalProperties'] = true;
  }),
];
