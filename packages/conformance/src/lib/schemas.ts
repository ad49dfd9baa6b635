import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAjv } from '@openwop-spec/spec-tree';
import type { ValidateFunction } from '@openwop-spec/spec-tree';

/** The corpus schemas directory: `OPENWOP_SCHEMAS_DIR`, else `schemas/` at the repository root. */
export function schemasDir(): string {
  const given = process.env['OPENWOP_SCHEMAS_DIR'];
  return given ? given : fileURLToPath(new URL('../../../../schemas/', import.meta.url));
}

/** The path of `schemas/v2/<name>`, or undefined when the corpus does not carry it. */
export function v2SchemaPath(name: string): string | undefined {
  const path = `${schemasDir()}/v2/${name}`;
  return existsSync(path) ? path : undefined;
}

/**
 * Compiles a schema file as the schemas gate does (draft 2020-12, strict, every error, formats
 * checked), except strictTypes: the annotation clauses use `properties` without `type`.
 */
export function compileSchema(path: string): ValidateFunction {
  return createAjv({ strictTypes: false }).compile(JSON.parse(readFileSync(path, 'utf8')) as object);
}

export interface SchemaExample {
  name: string;
  value: unknown;
  /** For an invalid example: the Ajv keyword and instance path it must fail on. */
  expect?: { keyword: string; instancePath: string };
}

/** The corpus examples for a schema: `schemas/v2/examples/{valid,invalid}/<schema name>/*.json`. */
export function schemaExamples(kind: 'valid' | 'invalid', schema: string): SchemaExample[] {
  const dir = `${schemasDir()}/v2/examples/${kind}/${schema}`;
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((n) => n.endsWith('.json') && !n.endsWith('.expect.json'))
    .sort();
  return names.map((name) => {
    const value = JSON.parse(readFileSync(`${dir}/${name}`, 'utf8')) as unknown;
    const expectFile = `${dir}/${name.replace(/\.json$/, '.expect.json')}`;
    const expectation = existsSync(expectFile)
      ? (JSON.parse(readFileSync(expectFile, 'utf8')) as SchemaExample['expect'])
      : undefined;
    return expectation ? { name, value, expect: expectation } : { name, value };
  });
}
