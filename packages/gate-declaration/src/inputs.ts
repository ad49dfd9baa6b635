import { InputError } from '@openwop-spec/diagnostics';
import { escapePointerToken, isRecord, parsePointer } from '@openwop-spec/json';
import { command, pathProblem } from '@openwop-spec/spec-tree';
import { loadDeclaration } from '@openwop-spec/families';
import type { JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import type { DeclarationModel } from '@openwop-spec/families';
import { isStringArray } from './json-value.js';
import type { JsonObject } from './json-value.js';
import type { Layout } from './layout.js';
import { layoutOf } from './layout.js';

export interface Source<T> {
  file: string;
  value: T;
}

/** spec/v2/capability-record.base.json: the fields and rules every family record starts with. */
export interface RecordBase {
  status: JsonObject;
  since: JsonObject;
  until: JsonObject;
  allOf: unknown[];
}

/** Everything the builder reads, already parsed and format-checked: the builder itself is pure. */
export interface BuildInput {
  layout: Pick<
    Layout,
    'declaration' | 'recordBase' | 'facetsDir' | 'metadataDir' | 'v1Schema' | 'deprecations' | 'output'
  >;
  declaration: Pick<DeclarationModel, 'file' | 'value' | 'rows' | 'core' | 'ext' | 'metadata'>;
  base: Source<RecordBase>;
  v1: Source<JsonObject & { properties: JsonObject }>;
  /** Paths of the regular files in the facets and metadata directories (listed in code-unit order). */
  facetListing: ReadonlySet<string>;
  metadataListing: ReadonlySet<string>;
  /** The facet files a core family cites at its canonical path, parsed. */
  facetFiles: ReadonlyMap<string, JsonObject>;
  /** The metadata files of kept rows, parsed. */
  metadataFiles: ReadonlyMap<string, JsonObject>;
  /** facetsFrom targets outside the facets directory that exist (they are never read). */
  existing: ReadonlySet<string>;
  deprecations?: Source<ReadonlyArray<[pointer: string, version: string]>>;
}

export const VERSION_PATTERN = '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$';
const VERSION = new RegExp(VERSION_PATTERN);
const FACET_ARRAY_KEYWORDS = ['allOf'] as const;

const fail = (doc: JsonDoc, pointer: string, message: string): never => {
  throw new InputError(`${doc.file}: ${message}`, { file: doc.file, start: doc.locate(pointer).start });
};

/** Loads and format-checks the generator's inputs. A broken input is exit 2. */
export function loadInputs(tree: SpecTree): BuildInput {
  return tree.derive('gate-declaration/inputs', () => {
    const layout = layoutOf(tree);
    const declaration = loadDeclaration(tree);
    if (tree.info(layout.recordBase).kind === 'missing') {
      throw new InputError(
        `${layout.recordBase} does not exist — \`${command('init')}\` copies it from a record of the committed ${layout.output}; ` +
          'the gate starts every capability record it generates with its status, since, until and allOf',
        { file: layout.recordBase },
        'input/missing',
      );
    }
    const base = loadBase(tree.json(layout.recordBase));
    const v1Doc = tree.json(layout.v1Schema);
    if (!isRecord(v1Doc.value)) fail(v1Doc, '', 'the v1 capabilities schema must be a JSON object');
    const v1 = v1Doc.value as JsonObject;
    if (!isRecord(v1['properties'])) fail(v1Doc, '', 'the v1 capabilities schema must have a properties object');

    const files = (dir: string): Set<string> =>
      new Set(
        tree
          .list(dir)
          .filter((e) => e.kind === 'file')
          .map((e) => e.path),
      );
    const facetListing = files(layout.facetsDir);
    const metadataListing = files(layout.metadataDir);

    const facetFiles = new Map<string, JsonObject>();
    const existing = new Set<string>();
    for (const row of declaration.core) {
      const from = row.row['facetsFrom'];
      if (typeof from !== 'string') continue;
      if (from === `${layout.facetsDir}/${row.key}.schema.json` && facetListing.has(from)) {
        facetFiles.set(from, checkFacetFile(tree.json(from)));
      } else if (!facetListing.has(from) && pathProblem(from) === undefined && tree.exists(from)) {
        existing.add(from);
      }
    }

    const metadataFiles = new Map<string, JsonObject>();
    for (const row of declaration.metadata) {
      const path = `${layout.metadataDir}/${row.key}.schema.json`;
      if (row.disposition !== 'kept' || !metadataListing.has(path)) continue;
      const doc = tree.json(path);
      if (!isRecord(doc.value)) fail(doc, '', 'a metadata shape must be a JSON Schema object');
      metadataFiles.set(path, doc.value as JsonObject);
    }

    const deprecations =
      tree.info(layout.deprecations).kind === 'missing' ? undefined : loadDeprecations(tree.json(layout.deprecations));
    return {
      layout,
      declaration,
      base: { file: layout.recordBase, value: base },
      v1: { file: layout.v1Schema, value: v1 as JsonObject & { properties: JsonObject } },
      facetListing,
      metadataListing,
      facetFiles,
      metadataFiles,
      existing,
      ...(deprecations ? { deprecations: { file: layout.deprecations, value: deprecations } } : {}),
    };
  });
}

/** The record base holds exactly properties.{status,since,until} and an allOf array (§4.1). */
function loadBase(doc: JsonDoc): RecordBase {
  const v = doc.value;
  if (!isRecord(v)) return fail(doc, '', 'the record base must be a JSON object');
  for (const key of Object.keys(v)) {
    // $schema and $comment say what the file is; they are annotations, not record content.
    if (key !== 'properties' && key !== 'allOf' && key !== '$schema' && key !== '$comment') {
      fail(doc, `/${escapePointerToken(key)}`, `the record base holds only properties and allOf (found ${key})`);
    }
  }
  const props = v['properties'];
  if (!isRecord(props)) return fail(doc, '', 'the record base must have a properties object');
  const names = Object.keys(props);
  const expected = ['status', 'since', 'until'];
  for (const name of names)
    if (!expected.includes(name))
      fail(
        doc,
        `/properties/${escapePointerToken(name)}`,
        `the record base's properties are exactly status, since and until (found ${name})`,
      );
  for (const name of expected) {
    if (!Object.hasOwn(props, name)) fail(doc, '/properties', `the record base's properties lack ${name}`);
    if (!isRecord(props[name])) fail(doc, `/properties/${name}`, `properties.${name} must be a schema object`);
  }
  const allOf = v['allOf'];
  if (!Array.isArray(allOf)) return fail(doc, '', 'the record base must have an allOf array');
  allOf.forEach((el, i) => {
    if (!isRecord(el) && typeof el !== 'boolean') fail(doc, `/allOf/${i}`, 'every allOf entry must be a schema');
  });
  return {
    status: props['status'] as JsonObject,
    since: props['since'] as JsonObject,
    until: props['until'] as JsonObject,
    allOf,
  };
}

/**
 * A facet file's format: an object with a properties object, an optional required array of strings
 * and optional schema arrays. Which keys it may hold is a rule (facet-file-keyword), not a format.
 */
function checkFacetFile(doc: JsonDoc): JsonObject {
  const v = doc.value;
  if (!isRecord(v)) return fail(doc, '', 'a facet file must be a JSON Schema object');
  const props = v['properties'];
  if (!isRecord(props))
    fail(
      doc,
      Object.hasOwn(v, 'properties') ? '/properties' : '',
      'a facet file must have a properties object (its facets)',
    );
  for (const [name, sub] of Object.entries(props as JsonObject)) {
    if (!isRecord(sub) && typeof sub !== 'boolean')
      fail(doc, `/properties/${escapePointerToken(name)}`, `facet ${name} must be a schema`);
  }
  if (Object.hasOwn(v, 'required') && !isStringArray(v['required']))
    fail(doc, '/required', 'required must be an array of strings');
  for (const kw of FACET_ARRAY_KEYWORDS) {
    if (!Object.hasOwn(v, kw)) continue;
    const arr = v[kw];
    if (!Array.isArray(arr)) fail(doc, `/${kw}`, `${kw} must be an array of schemas`);
    (arr as unknown[]).forEach((el, i) => {
      if (!isRecord(el) && typeof el !== 'boolean') fail(doc, `/${kw}/${i}`, `${kw} entries must be schemas`);
    });
  }
  return v;
}

/** spec/v2/capabilities.deprecations.json: JSON Pointer → "major.minor" ($schema and $comment aside). */
function loadDeprecations(doc: JsonDoc): Array<[string, string]> {
  const v = doc.value;
  if (!isRecord(v)) return fail(doc, '', 'the deprecations file must be a JSON object');
  const out: Array<[string, string]> = [];
  for (const [pointer, version] of Object.entries(v)) {
    if (pointer === '$schema' || pointer === '$comment') continue;
    const at = '/' + escapePointerToken(pointer);
    try {
      parsePointer(pointer);
    } catch {
      fail(doc, at, `${JSON.stringify(pointer)} is not a JSON Pointer (it must start with /)`);
    }
    if (typeof version !== 'string' || !VERSION.test(version))
      fail(doc, at, `the removal version of ${pointer} must be "major.minor"`);
    out.push([pointer, version as string]);
  }
  return out;
}
