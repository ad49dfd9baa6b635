import type { Diagnostic } from '@openwop-spec/diagnostics';
import { InputError } from '@openwop-spec/diagnostics';
import { isRecord } from '@openwop-spec/json';
import { PatternBudgetError, createAjv, errorMessage, errorPointer } from '@openwop-spec/spec-tree';
import type { JsonDoc, SpecTree } from '@openwop-spec/spec-tree';

export interface FamilyRow {
  /** Index in the top-level `families` array. */
  index: number;
  /** `/families/<index>` */
  pointer: string;
  key: string;
  anchor: string;
  kind?: string;
  row: Readonly<Record<string, unknown>>;
}

export interface MetadataRow {
  index: number;
  pointer: string;
  key: string;
  disposition?: string;
  row: Readonly<Record<string, unknown>>;
}

export interface DeclarationModel {
  file: string;
  doc: JsonDoc;
  value: Readonly<Record<string, unknown>>;
  /** Every object in `families` that has a string `key`, deleted rows included, in array order. */
  rows: FamilyRow[];
  /** Rows with `kind: "family"` and a non-empty `key` and `anchor`. */
  live: FamilyRow[];
  /** Live rows anchored in core, in declaration order. */
  core: FamilyRow[];
  /** Live rows anchored in ext. */
  ext: FamilyRow[];
  metadata: MetadataRow[];
}

export const declarationPath = (tree: SpecTree): string => `${tree.paths.spec}/v2/declaration.json`;
export const declarationSchemaPath = (tree: SpecTree): string => `${tree.paths.spec}/v2/declaration.schema.json`;

/** The declaration, parsed once per tree. A missing or malformed file is an input error (exit 2). */
export function loadDeclaration(tree: SpecTree): DeclarationModel {
  return tree.derive('declaration', () => {
    const file = declarationPath(tree);
    const doc = tree.json(file);
    if (!isRecord(doc.value))
      throw new InputError(`${file} must hold a JSON object`, { file, start: doc.locate('').start });
    const value = doc.value;
    const rows: FamilyRow[] = [];
    const families = value['families'];
    if (families !== undefined && !Array.isArray(families)) {
      throw new InputError(`${file}: families must be an array`, { file, start: doc.locate('/families').start });
    }
    (families ?? []).forEach((row: unknown, index: number) => {
      if (!isRecord(row) || typeof row['key'] !== 'string') return;
      rows.push({
        index,
        pointer: `/families/${index}`,
        key: row['key'],
        anchor: typeof row['anchor'] === 'string' ? row['anchor'] : '',
        ...(typeof row['kind'] === 'string' ? { kind: row['kind'] } : {}),
        row,
      });
    });
    const live = rows.filter((r) => r.kind === 'family' && r.key !== '' && r.anchor !== '');
    const metadata: MetadataRow[] = [];
    const meta = value['metadata'];
    if (Array.isArray(meta)) {
      meta.forEach((row: unknown, index: number) => {
        if (!isRecord(row) || typeof row['key'] !== 'string') return;
        metadata.push({
          index,
          pointer: `/metadata/${index}`,
          key: row['key'],
          ...(typeof row['disposition'] === 'string' ? { disposition: row['disposition'] } : {}),
          row,
        });
      });
    }
    return {
      file,
      doc,
      value,
      rows,
      live,
      core: live.filter((r) => r.anchor === 'core'),
      ext: live.filter((r) => r.anchor === 'ext'),
      metadata,
    };
  });
}

/**
 * Validates the declaration against spec/v2/declaration.schema.json; every error is a diagnostic at
 * the offending value's position. A missing or malformed schema file is an input error.
 */
export function validateDeclaration(tree: SpecTree, gate: string, ruleId: string): Diagnostic[] {
  const model = loadDeclaration(tree);
  const schemaFile = declarationSchemaPath(tree);
  const schema = tree.json(schemaFile).value;
  if (!isRecord(schema)) throw new InputError(`${schemaFile} must hold a JSON Schema object`, { file: schemaFile });
  // The schema's own validity against its meta-schema is the schemas gate's finding; checking it
  // here too would cost more than the compile. Strict mode still rejects what Ajv cannot compile.
  const ajv = createAjv({ validateSchema: false });
  let validate;
  try {
    validate = ajv.compile(schema);
  } catch (err) {
    throw new InputError(`${schemaFile} does not compile: ${(err as Error).message}`, { file: schemaFile });
  }
  let valid: boolean;
  try {
    valid = validate(model.value);
  } catch (err) {
    if (!(err instanceof PatternBudgetError)) throw err;
    throw new InputError(`${schemaFile}: ${err.message}`, { file: schemaFile });
  }
  if (valid) return [];
  return (validate.errors ?? []).map((err) => {
    const pointer = errorPointer(err);
    const range = model.doc.locate(pointer);
    return {
      gate,
      ruleId,
      severity: 'error' as const,
      message: `${pointer || '/'}: ${errorMessage(err)}`,
      file: model.file,
      start: range.start,
      end: range.end,
    };
  });
}
