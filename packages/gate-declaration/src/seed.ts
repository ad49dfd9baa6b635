import { escapePointerToken, isRecord, cloneJson } from '@openwop-spec/json';
import type { JsonObject } from './json-value.js';

/** Fields v2 records do not have: removed wherever seeding visits. */
export const V1_ONLY: readonly string[] = ['supported', 'tier', 'experimentalUntil'];

export interface SeedDrop {
  /** Pointer into the v1 schema. */
  pointer: string;
  why: string;
}

/** An `allOf` element that survived seeding at a new index: `to` and `from` are relative to the node. */
export interface SeedMove {
  to: string;
  from: string;
}

export interface SeededNode {
  node: unknown;
  drops: SeedDrop[];
  moves: SeedMove[];
}

const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
const CONDITIONAL = ['if', 'then', 'else'] as const;

/**
 * Steps 1–3 of v1 seeding on a deep copy of `node` (found at `pointer` in the v1 schema): remove the
 * v1-only fields at every visited level (the node and every schema under `properties`), drop only
 * the combinators and conditionals that reference them, and close objects. Upstream dropped every
 * combinator, silently relaxing unrelated constraints; here each drop is reported.
 */
export function seedNode(node: unknown, pointer: string): SeededNode {
  const drops: SeedDrop[] = [];
  const moves: SeedMove[] = [];
  const copy = cloneJson(node);
  visit(copy, pointer, '', drops, moves);
  return { node: copy, drops, moves };
}

function visit(schema: unknown, abs: string, rel: string, drops: SeedDrop[], moves: SeedMove[]): void {
  if (!isRecord(schema)) return;
  const props = schema['properties'];
  if (isRecord(props)) {
    for (const name of V1_ONLY) delete props[name];
    for (const [name, sub] of Object.entries(props)) {
      const t = '/properties/' + escapePointerToken(name);
      visit(sub, abs + t, rel + t, drops, moves);
    }
  }
  const required = schema['required'];
  if (Array.isArray(required)) {
    const kept = required.filter((r) => !V1_ONLY.includes(r as string));
    if (kept.length === 0) delete schema['required'];
    else schema['required'] = kept;
  }
  dropDependent(schema, abs, rel, drops, moves);
  // Appended last, so the closing keyword sits after every key the v1 node had.
  if (schema['type'] === 'object' && !Object.hasOwn(schema, 'additionalProperties'))
    schema['additionalProperties'] = false;
}

function dropDependent(schema: JsonObject, abs: string, rel: string, drops: SeedDrop[], moves: SeedMove[]): void {
  const allOf = schema['allOf'];
  if (Array.isArray(allOf)) {
    // allOf elements are independent conjuncts: each is judged on its own.
    const kept: unknown[] = [];
    allOf.forEach((element, i) => {
      const names = referencedV1Only(element);
      if (names.length > 0) {
        drops.push({ pointer: `${abs}/allOf/${i}`, why: because(names) });
        return;
      }
      if (kept.length !== i) moves.push({ to: `${rel}/allOf/${kept.length}`, from: `${rel}/allOf/${i}` });
      kept.push(element);
    });
    if (kept.length === 0) delete schema['allOf'];
    else schema['allOf'] = kept;
  }
  for (const kw of COMBINATORS) {
    if (kw === 'allOf' || !Object.hasOwn(schema, kw)) continue;
    // Removing one branch of anyOf/oneOf would change what the rest means: the group goes whole.
    const names = referencedV1Only({ [kw]: schema[kw] });
    if (names.length > 0) {
      drops.push({ pointer: `${abs}/${kw}`, why: because(names) });
      delete schema[kw];
    }
  }
  const present = CONDITIONAL.filter((kw) => Object.hasOwn(schema, kw));
  if (present.length > 0) {
    const group: JsonObject = {};
    for (const kw of present) group[kw] = schema[kw];
    const names = referencedV1Only(group);
    if (names.length > 0) {
      drops.push({ pointer: `${abs}/${present[0]!}`, why: `the ${present.join('/')} group ${because(names)}` });
      for (const kw of present) delete schema[kw];
    }
  }
}

const because = (names: readonly string[]): string => `references ${names.join(', ')}, which v2 records do not have`;

/**
 * The v1-only fields a subschema mentions at the level it constrains: as a `properties` key, in
 * `required` or in `dependentRequired`, looking through applicators but not into the schemas of
 * other properties (those are other levels).
 */
function referencedV1Only(schema: unknown): string[] {
  const found = new Set<string>();
  const walk = (s: unknown): void => {
    if (Array.isArray(s)) {
      for (const x of s) walk(x);
      return;
    }
    if (!isRecord(s)) return;
    const props = s['properties'];
    if (isRecord(props)) for (const n of V1_ONLY) if (Object.hasOwn(props, n)) found.add(n);
    const req = s['required'];
    if (Array.isArray(req)) for (const n of V1_ONLY) if (req.includes(n)) found.add(n);
    const dep = s['dependentRequired'];
    if (isRecord(dep)) {
      for (const [k, v] of Object.entries(dep)) {
        if (V1_ONLY.includes(k)) found.add(k);
        if (Array.isArray(v)) for (const n of V1_ONLY) if (v.includes(n)) found.add(n);
      }
    }
    const depSchemas = s['dependentSchemas'];
    if (isRecord(depSchemas)) {
      for (const [k, v] of Object.entries(depSchemas)) {
        if (V1_ONLY.includes(k)) found.add(k);
        walk(v);
      }
    }
    for (const kw of [...COMBINATORS, ...CONDITIONAL, 'not'] as const) if (Object.hasOwn(s, kw)) walk(s[kw]);
  };
  walk(schema);
  return V1_ONLY.filter((n) => found.has(n));
}

/** Node-level keywords a seeded family node may carry without a warning: the record restates them. */
const RECORD_KEYWORDS = new Set(['type', 'properties', 'required', 'additionalProperties', 'description', '$comment']);

export interface SeededFacets {
  properties: JsonObject;
  required: string[];
  /**
   * Record `allOf` elements, each with the v1 pointer that corresponds to the element (a group's
   * members keep their keyword names, so the node's own pointer maps onto a group element).
   */
  allOf: Array<{ schema: unknown; from: string }>;
  drops: SeedDrop[];
  moves: SeedMove[];
}

/**
 * Step 4: a seeded family node mapped into the record. Its properties become facets, its remaining
 * `required` joins the record's (upstream dropped it), and its surviving node-level combinators join
 * the record's `allOf`: each `allOf` element as is, each `anyOf`, `oneOf` or if/then/else group as
 * one element. Any other keyword cannot be carried and is reported.
 */
export function seedFamily(node: unknown, pointer: string): SeededFacets {
  const seeded = seedNode(node, pointer);
  const out: SeededFacets = { properties: {}, required: [], allOf: [], drops: seeded.drops, moves: seeded.moves };
  const n = seeded.node;
  if (!isRecord(n)) {
    out.drops.push({ pointer, why: 'the v1 node is not an object schema, so it has no facets' });
    return out;
  }
  const movedFrom = new Map(seeded.moves.filter((m) => /^\/allOf\/\d+$/.test(m.to)).map((m) => [m.to, m.from]));
  let conditionalDone = false;
  for (const [kw, value] of Object.entries(n)) {
    if (RECORD_KEYWORDS.has(kw)) continue;
    if (kw === 'allOf' && Array.isArray(value)) {
      value.forEach((el, i) =>
        out.allOf.push({ schema: el, from: pointer + (movedFrom.get(`/allOf/${i}`) ?? `/allOf/${i}`) }),
      );
    } else if (kw === 'anyOf' || kw === 'oneOf') {
      out.allOf.push({ schema: { [kw]: value }, from: pointer });
    } else if ((CONDITIONAL as readonly string[]).includes(kw)) {
      if (conditionalDone) continue;
      conditionalDone = true;
      const group: JsonObject = {};
      for (const c of CONDITIONAL) if (Object.hasOwn(n, c)) group[c] = n[c];
      out.allOf.push({ schema: group, from: pointer });
    } else {
      out.drops.push({ pointer: `${pointer}/${escapePointerToken(kw)}`, why: `${kw} is not carried into the record` });
    }
  }
  if (isRecord(n['properties'])) out.properties = n['properties'];
  if (Array.isArray(n['required'])) out.required = n['required'].filter((r): r is string => typeof r === 'string');
  return out;
}
