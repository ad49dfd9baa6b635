import { escapePointerToken, isRecord, valueAt, cloneJson } from '@openwop-spec/json';
import { pathProblem } from '@openwop-spec/spec-tree';
import type { FamilyRow } from '@openwop-spec/families';
import type { Finding } from './finding.js';
import type { BuildInput } from './inputs.js';
import { isStringArray, own, setOwn } from './json-value.js';
import type { JsonObject } from './json-value.js';
import { seedFamily, seedNode, V1_ONLY } from './seed.js';
import type { SeedDrop, SeedMove } from './seed.js';
import { NO_SOURCE } from './rules.js';

export const OUTPUT_ID = 'https://openwop.dev/spec/v2/capabilities.schema.json';
export const OUTPUT_TITLE = 'OpenWOP v2 discovery document (/.well-known/openwop, OpenWOP-Version: 2)';
/**
 * Says the file is generated, from what and by which command. The command is named by its
 * upstream script name, which forwards to this gate, so that a schema upstream's script wrote is
 * not stale for its description alone (as the scenario-majors manifest keeps upstream's $comment).
 */
export const OUTPUT_DESCRIPTION =
  'GENERATED from spec/v2/declaration.json by scripts/generate-from-declaration.mjs (RFC 0169 §B.1). Do not edit; edit the declaration. Closed root (§A.4); every family is a capability record (§A.1); no supported field (§A.2); until absorbs tier/experimentalUntil (§A.3).';

/** The annotation keywords the generated schema carries; string-valued. */
export const FACETS_FROM = 'x-openwop-facets-from';
export const SEEDED_FROM = 'x-openwop-seeded-from';
export const REMOVE_IN = 'x-openwop-remove-in';
/**
 * Every non-standard keyword in the output. A strict-mode validator (the schemas gate) must register
 * them as annotations before compiling schemas/v2/capabilities.schema.json.
 */
export const ANNOTATION_KEYWORDS: readonly string[] = [FACETS_FROM, SEEDED_FROM, REMOVE_IN];

/** Record fields a facet may not shadow (§4.3): the record's own, and the v1-only ones. */
export const RESERVED_FACETS: readonly string[] = ['status', 'since', 'until', 'witness', ...V1_ONLY];

/** Keys a facet file may hold: folded into the record, or tolerated annotations (§4.3). */
const FOLDED = new Set(['properties', 'required', 'allOf']);
const TOLERATED = new Set(['$schema', '$id', '$comment', 'title', 'description']);

/** Where an emitted subtree came from: emitted pointer prefix → input file and pointer. */
export interface Origin {
  at: string;
  file: string;
  pointer: string;
}

export interface Counts {
  core: number;
  ext: number;
  deleted: number;
  metadata: number;
}

export interface BuildOutput {
  doc: JsonObject;
  /** The rendered bytes: `JSON.stringify(doc, null, 2) + "\n"`. */
  text: string;
  findings: Finding[];
  origins: Origin[];
  counts: Counts;
}

/** Deterministic rendering: 2-space JSON, LF, raw UTF-8, one trailing newline. */
export const render = (doc: unknown): string => JSON.stringify(doc, null, 2) + '\n';

const tok = escapePointerToken;

/**
 * Builds schemas/v2/capabilities.schema.json from the declaration, the record base, the facet
 * files, the metadata shapes and the v1 schema. Pure: the same input gives the
 * same bytes, and every rule finding is returned, never thrown.
 */
export function buildCapabilities(input: BuildInput): BuildOutput {
  const findings: Finding[] = [];
  const origins: Origin[] = [];
  const decl = input.declaration;
  const properties: JsonObject = {};
  const emit = (key: string, schema: unknown): void => {
    // A repeated key is check-declaration's duplicate-key; the first row wins here.
    if (!Object.hasOwn(properties, key)) setOwn(properties, key, schema);
  };

  const kept = decl.metadata.filter((m) => m.disposition === 'kept');
  for (const row of kept) {
    if (Object.hasOwn(properties, row.key)) continue;
    const shape = metadataShape(input, row.key, row.pointer, row.row, findings, origins);
    if (shape !== undefined) emit(row.key, shape);
  }
  orphanMetadata(
    input,
    kept.map((m) => m.key),
    findings,
  );

  for (const row of decl.core) {
    if (Object.hasOwn(properties, row.key)) continue;
    emit(row.key, familyRecord(input, row, findings, origins));
  }
  orphanFacets(input, findings);

  const doc: JsonObject = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: OUTPUT_ID,
    title: OUTPUT_TITLE,
    description: OUTPUT_DESCRIPTION,
    type: 'object',
    additionalProperties: false,
    required: ['protocolVersions', 'preferredVersion'],
    properties,
  };
  applyDeprecations(input, doc, findings);
  ghostGuard(doc, origins, input.layout.declaration, findings);
  return {
    doc,
    text: render(doc),
    findings,
    origins,
    // Families, not rows: a repeated key is one family (its first row, as the classification and
    // the emitted records take it), so every gate counts the same core families.
    counts: {
      core: new Set(decl.core.map((r) => r.key)).size,
      ext: new Set(decl.ext.map((r) => r.key)).size,
      deleted: decl.rows.filter((r) => r.anchor === 'deleted').length,
      metadata: kept.length,
    },
  };
}

interface FacetSource {
  /** How messages name the source. */
  label: string;
  file?: string;
  /** Pointer of the source's properties object in `file`. */
  pointer?: string;
  properties: JsonObject;
  required: string[];
  allOf: Array<{ schema: unknown; from: string }>;
  /** Maps emitted pointers under the record to source pointers, for nested re-indexing. */
  moves: SeedMove[];
  /** Pointer of the source node in `file` ('' for a facet file). */
  root: string;
}

function familyRecord(input: BuildInput, f: FamilyRow, findings: Finding[], origins: Origin[]): JsonObject {
  const declFile = input.declaration.file;
  const row = f.row;
  const at = `/properties/${tok(f.key)}`;
  const expected = `${input.layout.facetsDir}/${f.key}.schema.json`;
  const from = row['facetsFrom'];
  let marker: [string, string];
  let source: FacetSource | undefined;
  let comparable = true;

  if (typeof from === 'string') {
    marker = [FACETS_FROM, from];
    if (from !== expected) {
      findings.push({
        id: 'declaration/facets-from-path',
        data: { key: f.key, value: from, expected },
        file: declFile,
        pointer: `${f.pointer}/facetsFrom`,
        subjects: [`family:${f.key}`],
      });
    }
    // A non-canonical path is never looked up (it could leave the repository): facets-from-path says it all.
    const exists = input.facetListing.has(from) || input.existing.has(from) || pathProblem(from) !== undefined;
    if (!exists)
      findings.push({
        id: 'declaration/facets-from-missing',
        data: { key: f.key, value: from },
        file: declFile,
        pointer: `${f.pointer}/facetsFrom`,
        explains: [`facets:${f.key}`],
        subjects: [`family:${f.key}`],
      });
    const file = input.facetFiles.get(from);
    if (file) source = facetFileSource(from, file, findings);
    else comparable = false;
  } else {
    if (input.facetListing.has(expected)) {
      findings.push({
        id: 'declaration/facets-from-absent',
        data: { key: f.key, file: expected },
        file: declFile,
        pointer: `${f.pointer}/key`,
        explains: [`facets:${f.key}`, `file:${expected}`],
        addMember: `"facetsFrom": ${JSON.stringify(expected)}`,
      });
    }
    const v1Node = own(input.v1.value.properties, f.key);
    if (v1Node !== undefined) {
      marker = [SEEDED_FROM, 'v1'];
      source = v1Source(input, f.key, v1Node, findings);
    } else marker = [SEEDED_FROM, 'declaration'];
  }

  const facets = source?.properties ?? {};
  if (comparable)
    compareFacets(f, source, findings, declFile, { facetFile: expected, hasFile: input.facetListing.has(expected) });

  const base = input.base.value;
  const witnessClasses = Array.isArray(input.declaration.value['witnessClasses'])
    ? cloneJson(input.declaration.value['witnessClasses'])
    : [];
  const properties: JsonObject = {
    status: cloneJson(base.status),
    since: cloneJson(base.since),
    until: cloneJson(base.until),
    witness: { enum: witnessClasses },
  };
  origins.push({ at, file: declFile, pointer: f.pointer });
  for (const name of ['status', 'since', 'until'])
    origins.push({ at: `${at}/properties/${name}`, file: input.base.file, pointer: `/properties/${name}` });
  origins.push({ at: `${at}/properties/witness`, file: declFile, pointer: '/witnessClasses' });
  for (const [name, schema] of Object.entries(facets)) {
    if (RESERVED_FACETS.includes(name)) continue;
    setOwn(properties, name, cloneJson(schema));
    if (source?.file)
      origins.push({
        at: `${at}/properties/${tok(name)}`,
        file: source.file,
        pointer: `${source.pointer}/${tok(name)}`,
      });
  }
  if (source?.file) {
    for (const m of source.moves) origins.push({ at: at + m.to, file: source.file, pointer: source.root + m.from });
  }

  const required = [...new Set(['status', 'since', 'witness', ...(source?.required ?? [])])];
  const allOf: unknown[] = [];
  base.allOf.forEach((el, i) => {
    origins.push({ at: `${at}/allOf/${allOf.length}`, file: input.base.file, pointer: `/allOf/${i}` });
    allOf.push(cloneJson(el));
  });
  for (const el of source?.allOf ?? []) {
    if (source?.file) origins.push({ at: `${at}/allOf/${allOf.length}`, file: source.file, pointer: el.from });
    allOf.push(cloneJson(el.schema));
  }

  const maturity = isRecord(row['maturity']) ? row['maturity'] : {};
  const rfc = row['owningRfc'];
  const record: JsonObject = {
    type: 'object',
    additionalProperties: false,
    required,
    properties,
    // An empty allOf is not a valid schema array (draft 2020-12 requires at least one entry).
    ...(allOf.length > 0 ? { allOf } : {}),
    description: `${str(row['section'])} — witness: ${str(row['witness'])}; maturity ${str(maturity['technical'])}/${str(maturity['adoption'])}${typeof rfc === 'string' && rfc !== '' ? `; RFC ${rfc}` : ''}`,
    [marker[0]]: marker[1],
  };
  return record;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v));

/** A facet file folded into the record: only folded and tolerated keys may appear (§4.3). */
function facetFileSource(file: string, value: JsonObject, findings: Finding[]): FacetSource {
  for (const [kw, v] of Object.entries(value)) {
    const tolerated =
      FOLDED.has(kw) ||
      TOLERATED.has(kw) ||
      (kw === 'type' && v === 'object') ||
      (kw === 'additionalProperties' && v === false);
    if (!tolerated)
      findings.push({
        id: 'declaration/facet-file-keyword',
        data: { file, keyword: kw },
        file,
        pointer: `/${tok(kw)}`,
        key: true,
      });
  }
  const properties = value['properties'] as JsonObject;
  const required = isStringArray(value['required']) ? value['required'] : [];
  required.forEach((name, i) => {
    if (!Object.hasOwn(properties, name))
      findings.push({
        id: 'declaration/facet-required-unknown',
        data: { file, name },
        file,
        pointer: `/required/${i}`,
      });
  });
  reserved(file, '/properties', properties, findings);
  const allOf = Array.isArray(value['allOf'])
    ? value['allOf'].map((schema: unknown, i) => ({ schema, from: `/allOf/${i}` }))
    : [];
  return { label: file, file, pointer: '/properties', properties, required, allOf, moves: [], root: '' };
}

function v1Source(input: BuildInput, key: string, node: unknown, findings: Finding[]): FacetSource {
  const file = input.v1.file;
  const root = `/properties/${tok(key)}`;
  const seeded = seedFamily(node, root);
  dropsToFindings(key, seeded.drops, file, findings);
  reserved(file, `${root}/properties`, seeded.properties, findings);
  return {
    label: `${file}#${root}`,
    file,
    pointer: `${root}/properties`,
    properties: seeded.properties,
    required: seeded.required,
    allOf: seeded.allOf,
    moves: seeded.moves.filter((m) => !/^\/allOf\/\d+$/.test(m.to)),
    root,
  };
}

function reserved(file: string, pointer: string, properties: JsonObject, findings: Finding[]): void {
  for (const name of Object.keys(properties)) {
    if (RESERVED_FACETS.includes(name))
      findings.push({
        id: 'declaration/reserved-facet-name',
        data: { file, name },
        file,
        pointer: `${pointer}/${tok(name)}`,
        key: true,
      });
  }
}

function dropsToFindings(key: string, drops: readonly SeedDrop[], file: string, findings: Finding[]): void {
  for (const d of drops)
    findings.push({
      id: 'declaration/seed-dropped',
      data: { key, pointer: d.pointer, why: d.why },
      file,
      pointer: d.pointer,
    });
}

/** facets[] is authoritative against the emitted facet keys, in both directions (§4.3). */
function compareFacets(
  f: FamilyRow,
  source: FacetSource | undefined,
  findings: Finding[],
  declFile: string,
  file: { facetFile: string; hasFile: boolean },
): void {
  const declared = isStringArray(f.row['facets']) ? [...new Set(f.row['facets'])] : [];
  const emitted = Object.keys(source?.properties ?? {});
  const label = source?.label ?? NO_SOURCE;
  const inSource = new Set(emitted);
  const inFacets = new Set(declared);
  const onlyFacets = declared.filter((x) => !inSource.has(x));
  const onlySource = emitted.filter((x) => !inFacets.has(x));
  const pointer = `${f.pointer}/facets`;
  const related = source?.file
    ? [{ file: source.file, pointer: source.pointer ?? '', message: `the facets of ${label}` }]
    : [];
  if (onlyFacets.length > 0 || onlySource.length > 0) {
    findings.push({
      id: 'declaration/facets-mismatch',
      data: { key: f.key, source: label, onlyFacets, onlySource, ...file },
      file: declFile,
      pointer,
      related,
      subjects: [`family:${f.key}`, `facets:${f.key}`],
    });
  } else if (declared.some((x, i) => emitted[i] !== x)) {
    findings.push({
      id: 'declaration/facets-order',
      data: { key: f.key, source: label },
      file: declFile,
      pointer,
      related,
      subjects: [`family:${f.key}`, `facets:${f.key}`],
    });
  }
}

/** A kept metadata row's shape: its data file, else its seeded v1 property (§4.5). */
function metadataShape(
  input: BuildInput,
  key: string,
  rowPointer: string,
  row: Readonly<JsonObject>,
  findings: Finding[],
  origins: Origin[],
): unknown {
  const declFile = input.declaration.file;
  if (row['schema'] !== `metadata/${key}`) {
    findings.push({
      id: 'declaration/metadata-schema-ref',
      data: { key, value: str(row['schema']) },
      file: declFile,
      pointer: `${rowPointer}/schema`,
    });
  }
  const at = `/properties/${tok(key)}`;
  const path = `${input.layout.metadataDir}/${key}.schema.json`;
  const file = input.metadataFiles.get(path);
  let shape: unknown;
  let origin: { file: string; pointer: string };
  if (file) {
    shape = Object.fromEntries(
      Object.entries(file)
        .filter(([k]) => k !== '$schema' && k !== '$id' && k !== '$comment')
        .map(([k, v]) => [k, cloneJson(v)]),
    );
    origin = { file: path, pointer: '' };
  } else if (own(input.v1.value.properties, key) !== undefined) {
    const pointer = `/properties/${tok(key)}`;
    const seeded = seedNode(own(input.v1.value.properties, key), pointer);
    dropsToFindings(key, seeded.drops, input.v1.file, findings);
    shape = isRecord(seeded.node) ? { ...seeded.node, [SEEDED_FROM]: 'v1' } : seeded.node;
    origin = { file: input.v1.file, pointer };
    for (const m of seeded.moves) origins.push({ at: at + m.to, file: input.v1.file, pointer: pointer + m.from });
  } else {
    findings.push({
      id: 'declaration/unseeded-metadata',
      data: { key, file: path },
      file: declFile,
      pointer: `${rowPointer}/key`,
    });
    return undefined;
  }
  origins.push({ at, ...origin });
  if (key === 'extensions') extensionsShape(input, shape, origin, findings);
  return shape;
}

/** The extensions shape: a closed object whose one patternProperties key is extensionsKeyPattern (§4.5). */
function extensionsShape(
  input: BuildInput,
  shape: unknown,
  origin: { file: string; pointer: string },
  findings: Finding[],
): void {
  const problem = (text: string, pointer: string, key = false): void => {
    findings.push({
      id: 'declaration/extensions-pattern',
      data: { problem: text },
      file: origin.file,
      pointer: origin.pointer + pointer,
      key,
    });
  };
  if (!isRecord(shape)) return problem('the shape must be an object schema', '');
  if (shape['type'] !== 'object') problem('type must be "object"', Object.hasOwn(shape, 'type') ? '/type' : '');
  if (shape['additionalProperties'] !== false)
    problem(
      'additionalProperties must be false',
      Object.hasOwn(shape, 'additionalProperties') ? '/additionalProperties' : '',
    );
  const pp = shape['patternProperties'];
  const keys = isRecord(pp) ? Object.keys(pp) : [];
  if (!isRecord(pp) || keys.length !== 1) {
    return problem(
      `patternProperties must have exactly one key (found ${keys.length})`,
      isRecord(pp) ? '/patternProperties' : '',
    );
  }
  const pattern = keys[0]!;
  const want = input.declaration.value['extensionsKeyPattern'];
  if (pattern !== want) {
    findings.push({
      id: 'declaration/extensions-pattern',
      data: {
        problem: `the patternProperties key ${JSON.stringify(pattern)} ≠ declaration.extensionsKeyPattern ${JSON.stringify(want)}`,
      },
      file: origin.file,
      pointer: `${origin.pointer}/patternProperties/${tok(pattern)}`,
      key: true,
      related: [{ file: input.declaration.file, pointer: '/extensionsKeyPattern', message: 'extensionsKeyPattern' }],
    });
  }
  const value = own(pp, pattern);
  const open =
    isRecord(value) &&
    value['type'] === 'object' &&
    value['additionalProperties'] !== false &&
    value['unevaluatedProperties'] !== false;
  if (!open)
    problem(
      'the patternProperties value must be an open object schema ({"type": "object"})',
      `/patternProperties/${tok(pattern)}`,
    );
}

function orphanMetadata(input: BuildInput, keptKeys: readonly string[], findings: Finding[]): void {
  const owned = new Set(keptKeys.map((k) => `${input.layout.metadataDir}/${k}.schema.json`));
  for (const file of input.metadataListing) {
    if (!owned.has(file)) findings.push({ id: 'declaration/orphan-metadata-file', data: { file }, file, pointer: '' });
  }
}

function orphanFacets(input: BuildInput, findings: Finding[]): void {
  const cited = new Set<string>();
  for (const f of input.declaration.core) {
    const from = f.row['facetsFrom'];
    if (typeof from === 'string') cited.add(from);
    // An uncited file named after a core family is already facets-from-absent.
    else cited.add(`${input.layout.facetsDir}/${f.key}.schema.json`);
  }
  for (const file of input.facetListing) {
    if (!cited.has(file))
      findings.push({
        id: 'declaration/orphan-facet-file',
        data: { file },
        file,
        pointer: '',
        subjects: [`file:${file}`],
      });
  }
}

/** Marks deprecated fields in the one pipeline, replacing upstream's second writer (§4.6). */
function applyDeprecations(input: BuildInput, doc: JsonObject, findings: Finding[]): void {
  const dep = input.deprecations;
  if (!dep) return;
  for (const [pointer, version] of dep.value) {
    const target = valueAt(doc, pointer);
    if (isRecord(target)) {
      target['deprecated'] = true;
      target[REMOVE_IN] = version;
    } else {
      findings.push({
        id: 'declaration/deprecation-target-missing',
        data: { pointer, output: input.layout.output },
        file: dep.file,
        pointer: `/${tok(pointer)}`,
        key: true,
      });
    }
  }
}

const GHOSTS = [/`?supported`?\s*(:|is|=|===)\s*`?true/i, /\bwhen\s+`?supported`?\b/i];

/** No emitted description but the root one may still condition on a `supported` field (§4.6). */
function ghostGuard(doc: JsonObject, origins: readonly Origin[], declFile: string, findings: Finding[]): void {
  const walk = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((x, i) => walk(x, `${pointer}/${i}`));
      return;
    }
    if (!isRecord(node)) return;
    const text = node['description'];
    if (pointer !== '' && typeof text === 'string' && GHOSTS.some((re) => re.test(text))) {
      const at = `${pointer}/description`;
      const from = originOf(origins, at) ?? { file: declFile, pointer: '' };
      findings.push({
        id: 'declaration/supported-ghost',
        data: {
          pointer: at,
          file: from.file + (from.pointer ? `#${from.pointer}` : ''),
          text: text.length > 90 ? text.slice(0, 89) + '…' : text,
        },
        file: from.file,
        pointer: from.pointer,
      });
    }
    for (const [k, v] of Object.entries(node)) walk(v, `${pointer}/${tok(k)}`);
  };
  walk(doc, '');
}

/** The input place an emitted pointer came from: the longest origin prefix, extended by the rest. */
export function originOf(origins: readonly Origin[], pointer: string): { file: string; pointer: string } | undefined {
  let best: Origin | undefined;
  for (const o of origins) {
    if ((pointer === o.at || pointer.startsWith(o.at + '/')) && (!best || o.at.length > best.at.length)) best = o;
  }
  return best && { file: best.file, pointer: best.pointer + pointer.slice(best.at.length) };
}
