import { SEEDED_FROM, layoutOf, seedNode } from '@openwop-spec/gate-declaration';
import { diffJson, escapePointerToken, isRecord } from '@openwop-spec/json';
import { command } from '@openwop-spec/spec-tree';
import { loadDeclaration } from '@openwop-spec/families';
import type { JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import { CannotDerive, keep, render } from './plan.js';
import type { PlannedFile } from './plan.js';

const BASE_FIELDS = ['status', 'since', 'until'] as const;
/** How many disagreeing pointers the error line names before "and N more". */
const NAMED = 5;

/** Equal with key order counted: the generator must reproduce the committed schema byte for byte. */
const same = (a: unknown, b: unknown): boolean => diffJson(a, b, { order: true }).length === 0;

/** The committed generated schema, parsed, or undefined when there is none. */
function committedSchema(tree: SpecTree): JsonDoc | undefined {
  const output = layoutOf(tree).output;
  return tree.info(output).kind === 'missing' ? undefined : tree.json(output);
}

/**
 * Plans `capability-record.base.json`: the `status`, `since` and `until` every family record of the
 * committed schema carries, and the `allOf` entries every record starts with. Records that
 * disagree on a field are an input error naming their pointers: init copies, it never picks.
 */
export function planRecordBase(tree: SpecTree): PlannedFile {
  const layout = layoutOf(tree);
  if (tree.info(layout.recordBase).kind !== 'missing') return keep(layout.recordBase);
  const doc = committedSchema(tree);
  if (!doc) {
    throw new CannotDerive(
      layout.recordBase,
      `${layout.output} does not exist, and init copies the record base (the status, since, until and allOf every capability record starts with) from the records of that committed schema; commit the schema your generator writes, or write ${layout.recordBase} by hand, then run ${command('init')} again`,
      { file: layout.output },
    );
  }
  const properties = isRecord(doc.value) && isRecord(doc.value['properties']) ? doc.value['properties'] : {};
  const seen = new Set<string>();
  const records: Array<{ pointer: string; record: Record<string, unknown> }> = [];
  for (const row of loadDeclaration(tree).core) {
    const record = properties[row.key];
    if (seen.has(row.key) || !Object.hasOwn(properties, row.key) || !isRecord(record)) continue;
    seen.add(row.key);
    records.push({ pointer: `/properties/${escapePointerToken(row.key)}`, record });
  }
  if (records.length === 0) {
    throw new CannotDerive(
      layout.recordBase,
      `${layout.output} holds no record of a core family to copy it from; commit the schema your generator writes, or write ${layout.recordBase} by hand, then run ${command('init')} again`,
      { file: layout.output },
    );
  }

  const base: Record<string, unknown> = {};
  const disagree: string[] = [];
  for (const field of BASE_FIELDS) {
    const values = records.map(({ pointer, record }) => ({
      pointer: `${pointer}/properties/${field}`,
      value: isRecord(record['properties']) ? record['properties'][field] : undefined,
    }));
    const value = mostCommon(values.map((v) => v.value));
    if (value === undefined) {
      throw new CannotDerive(
        layout.recordBase,
        `the records of ${layout.output} have no properties.${field}; write ${layout.recordBase} by hand, then run ${command('init')} again`,
        { file: layout.output, start: doc.locate(values[0]!.pointer).start },
      );
    }
    base[field] = value;
    for (const v of values) if (!same(v.value, value)) disagree.push(v.pointer);
  }
  if (disagree.length > 0) {
    const named =
      disagree.slice(0, NAMED).join(', ') + (disagree.length > NAMED ? ` and ${disagree.length - NAMED} more` : '');
    throw new CannotDerive(
      layout.recordBase,
      `the records of ${layout.output} disagree on the record base at ${named}; make them agree (or write ${layout.recordBase} by hand), then run ${command('init')} again`,
      { file: layout.output, start: doc.locate(disagree[0]!).start },
    );
  }
  // A record's allOf is the base's rules, then its facet source's: the base is what all share first.
  const lists = records.map(({ record }): unknown[] => (Array.isArray(record['allOf']) ? record['allOf'] : []));
  let shared = 0;
  while (shared < lists[0]!.length && lists.every((l) => shared < l.length && same(l[shared], lists[0]![shared])))
    shared++;

  const content = render({
    $comment: `The fields and rules every capability record starts with, copied by openwop-spec init from the records of ${layout.output}.`,
    properties: base,
    allOf: lists[0]!.slice(0, shared),
  });
  return {
    path: layout.recordBase,
    action: 'create',
    content,
    from: `what the ${records.length} record(s) of ${layout.output} share`,
  };
}

/**
 * Plans a metadata shape file for each kept metadata key whose committed shape the generator could
 * not otherwise reproduce: it has no file, and seeding from the v1 schema gives something else
 * (upstream's generator kept such shapes in its code). Without a committed schema there is no shape
 * to reproduce, and none is planned.
 */
export function planMetadataShapes(tree: SpecTree): PlannedFile[] {
  const layout = layoutOf(tree);
  const out: PlannedFile[] = [];
  let doc: JsonDoc | undefined;
  const v1 = tree.info(layout.v1Schema).kind === 'file' ? tree.json(layout.v1Schema).value : undefined;
  const v1Properties = isRecord(v1) && isRecord(v1['properties']) ? v1['properties'] : {};
  const done = new Set<string>();
  for (const row of loadDeclaration(tree).metadata) {
    if (row.disposition !== 'kept' || done.has(row.key)) continue;
    done.add(row.key);
    const path = `${layout.metadataDir}/${row.key}.schema.json`;
    if (tree.info(path).kind !== 'missing') {
      out.push(keep(path));
      continue;
    }
    doc ??= committedSchema(tree);
    if (!doc) return out;
    const properties = isRecord(doc.value) && isRecord(doc.value['properties']) ? doc.value['properties'] : {};
    const committed = Object.hasOwn(properties, row.key) ? properties[row.key] : undefined;
    if (!isRecord(committed)) continue; // nothing to copy; the declaration gate reports the key
    if (Object.hasOwn(v1Properties, row.key)) {
      const seeded = seedNode(v1Properties[row.key], `/properties/${escapePointerToken(row.key)}`).node;
      if (same(isRecord(seeded) ? { ...seeded, [SEEDED_FROM]: 'v1' } : seeded, committed)) continue;
    }
    const id = isRecord(doc.value) ? doc.value['$id'] : undefined;
    const content = render({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      // Beside the generated schema's $id, so a relative $ref resolves here as it does there.
      ...(typeof id === 'string' && URL.canParse(id)
        ? { $id: new URL(`metadata-${row.key}.schema.json`, id).href }
        : {}),
      $comment: `Metadata shape, copied by openwop-spec init from ${layout.output}; the declaration gate copies it into that schema minus $schema, $id and $comment.`,
      ...committed,
    });
    out.push({
      path,
      action: 'create',
      content,
      from: `${layout.output}#/properties/${escapePointerToken(row.key)} (seeding from ${layout.v1Schema} would not reproduce it)`,
    });
  }
  return out;
}

/** The value most entries have (ties go to the earliest); undefined values count too. */
function mostCommon(values: readonly unknown[]): unknown {
  const counts = new Map<string, { value: unknown; n: number }>();
  for (const value of values) {
    // JSON.stringify returns undefined for undefined, whatever its type says; it counts as its own value.
    const key = String(JSON.stringify(value));
    const entry = counts.get(key) ?? { value, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  let best: { value: unknown; n: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best?.value;
}
