import { nearest } from '@openwop-spec/diagnostics';
import { findSchemaFiles, normalizeId, refPathSubject, walkSchema, withoutFragment } from '@openwop-spec/gate-schemas';
import type { SchemaWalk } from '@openwop-spec/gate-schemas';
import { isRecord, valueAt } from '@openwop-spec/json';
import { resolveUri } from '@openwop-spec/spec-tree';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { OUTPUT_ID, originOf } from './build.js';
import type { Origin } from './build.js';
import type { Finding } from './finding.js';

/** A schema resource a reference can name: the object its `$id` sits on, and the schema objects inside it. */
interface Resource {
  file: string;
  node: unknown;
  anchors: Set<string>;
}

/** Every resource of one document, by its normalised id. */
function resources(file: string, value: unknown, walk: SchemaWalk, into: Map<string, Resource>): void {
  for (const site of walk.ids) {
    if (into.has(site.id)) continue; // a duplicated id is the schemas gate's finding; the first file wins there too
    const anchors = new Set<string>();
    for (const n of walk.nodes) {
      if (n.base !== site.id) continue;
      for (const kw of ['$anchor', '$dynamicAnchor']) if (typeof n.value[kw] === 'string') anchors.add(n.value[kw]);
    }
    into.set(site.id, { file, node: valueAt(value, site.node), anchors });
  }
}

/** The corpus schemas a generated reference may name (every schema file but the generated one), by id. */
function corpusResources(tree: SpecTree, output: string): Map<string, Resource> {
  const out = new Map<string, Resource>();
  for (const file of findSchemaFiles(tree)) {
    if (file === output) continue;
    const value = tree.json(file).value;
    const id = isRecord(value) ? value['$id'] : undefined;
    resources(file, value, walkSchema(value, typeof id === 'string' ? normalizeId(id) : file, resolveUri), out);
  }
  return out;
}

/** Why `fragment` names no location in `resource`, or undefined when it does. */
function missingLocation(resource: Resource, fragment: string): string | undefined {
  if (fragment === '') return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(fragment);
  } catch {
    return `"#${fragment}" is not a valid fragment`;
  }
  const found = decoded.startsWith('/') ? valueAt(resource.node, decoded) !== undefined : resource.anchors.has(decoded);
  return found ? undefined : `${resource.file} has no location "#${fragment}"`;
}

const folderOf = (uri: string): string => uri.slice(0, uri.lastIndexOf('/') + 1);

/**
 * A corpus id in the folder `uri` names whose file name is near its own, written as the reference
 * would be: by the file name alone when that folder is the base's.
 */
function nearId(uri: string, base: string, corpus: ReadonlyMap<string, Resource>): string | undefined {
  const folder = folderOf(uri);
  const names = [...corpus.keys()].filter((id) => folderOf(id) === folder).map((id) => id.slice(folder.length));
  const name = nearest(uri.slice(folder.length), names);
  return name && (folder === folderOf(base) ? name : folder + name);
}

/**
 * Every `$ref` (and `$dynamicRef`) of the generated schema must resolve where the generated file
 * will live: against its `$id` (or an `$id` inside it), to the generated schema itself or to a
 * corpus schema, at a location that exists there. One that does not is the generator's error, at
 * the input the reference was copied from (a metadata shape, a facet file, the v1 schema): while it
 * stands nothing is generated, so a broken reference never reaches a file nobody may edit. It
 * explains the schemas gate's finding about the same reference, in the input and in the generated file,
 * and a citation of the path it names beside its input.
 */
export function unresolvedRefs(
  tree: SpecTree,
  output: string,
  doc: unknown,
  origins: readonly Origin[],
  declarationFile: string,
): Finding[] {
  const walk = walkSchema(doc, normalizeId(OUTPUT_ID), resolveUri);
  if (walk.refs.length === 0) return [];
  const own = new Map<string, Resource>();
  resources(output, doc, walk, own);
  let corpus: Map<string, Resource> | undefined;
  const findings: Finding[] = [];
  for (const ref of walk.refs) {
    const uri = withoutFragment(ref.target);
    const fragment = ref.target.length > uri.length ? ref.target.slice(uri.length + 1) : '';
    const resource = own.get(uri) ?? (corpus ??= corpusResources(tree, output)).get(uri);
    const why = resource ? missingLocation(resource, fragment) : `no schema in the corpus has $id ${uri}`;
    if (why === undefined) continue;
    const meant = resource ? undefined : nearId(uri, ref.base, corpus!);
    const from = originOf(origins, ref.pointer) ?? { file: declarationFile, pointer: '' };
    findings.push({
      id: 'declaration/unresolved-ref',
      data: { ref: ref.ref, why, output, ...(meant && { meant }) },
      file: from.file,
      pointer: from.pointer,
      explains: [
        `ref:${from.file}#${from.pointer}`,
        `ref:${output}#${ref.pointer}`,
        ...[refPathSubject(from.file, ref.ref)].filter((s) => s !== undefined),
      ],
    });
  }
  return findings;
}
