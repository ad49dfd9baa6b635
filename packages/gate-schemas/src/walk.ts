import { posix } from 'node:path';
import { escapePointerToken, isRecord } from '@openwop-spec/json';

/** Resolves a URI reference against a base, as Ajv does (its own URI resolver is passed in). */
export type Resolve = (base: string, ref: string) => string;

/** Ajv's id normalisation: a trailing `#` or `#/` is dropped, so `x.json#` and `x.json` are one id. */
export const normalizeId = (id: string): string => id.replace(/#\/?$/, '');

/** The schema resource a URI names: the URI without its fragment. */
export const withoutFragment = (uri: string): string => {
  const hash = uri.indexOf('#');
  return hash === -1 ? uri : uri.slice(0, hash);
};

/**
 * The repository path a relative `$ref` names beside the schema that holds it, as `path:<path>` (the
 * subject a citation of that path is about: refs/missing-path), or undefined for a URI with a scheme
 * or a fragment alone.
 */
export function refPathSubject(file: string, ref: string): string | undefined {
  const path = /^[^#:]+(?=#|$)/.exec(ref)?.[0];
  return path === undefined ? undefined : `path:${posix.join(posix.dirname(file), path)}`;
}

/**
 * A location as a key: the URI with its fragment percent-decoded, so `x.json#/%24defs/a` (how a
 * URI may spell it) and `x.json#/$defs/a` (the JSON pointer as the schema writes it) are one.
 */
export const locationKey = (uri: string): string => {
  const hash = uri.indexOf('#');
  if (hash === -1) return uri;
  try {
    return uri.slice(0, hash + 1) + decodeURIComponent(uri.slice(hash + 1));
  } catch {
    return uri; // a malformed escape: Ajv reports the reference
  }
};

/** A schema object (not a boolean schema) at a schema position of a document. */
export interface SchemaNode {
  pointer: string;
  value: Readonly<Record<string, unknown>>;
  /** The base URI relative references in this object resolve against. */
  base: string;
  /** The pointer of the object that declares that base (the root of its schema resource). */
  resource: string;
  /** The index of the enclosing schema object in `nodes` (-1 for the root). */
  parent: number;
  /** The keyword this object sits under in its parent (`allOf`, `properties`, `$defs`…; '' for the root). */
  keyword: string;
}

/** A `$id`: the URI it registers and the pointer of the object that declares it. */
export interface IdSite {
  id: string;
  node: string;
}

/** A `$ref` or `$dynamicRef`, with the base it resolves against. */
export interface RefSite {
  keyword: '$ref' | '$dynamicRef';
  ref: string;
  base: string;
  /** Pointer of the reference value. */
  pointer: string;
  /** The resolved reference, normalised; `withoutFragment` of it names the target resource. */
  target: string;
  /** The index in `nodes` of the object holding it. */
  node: number;
}

/** An `$anchor` or `$dynamicAnchor`: the URI it names (`base#name`) and the index of its object. */
export interface AnchorSite {
  uri: string;
  node: number;
}

export interface SchemaWalk {
  nodes: SchemaNode[];
  ids: IdSite[];
  refs: RefSite[];
  anchors: AnchorSite[];
}

// Keywords whose value is a schema, an array of schemas, or a map of names to schemas (draft
// 2020-12 plus the draft-07 spellings Ajv still walks). Everything else holds data: `const`,
// `enum`, `default` and `examples` are never walked, so a property called "properties" inside
// an example value is not mistaken for a keyword.
const SCHEMA = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SCHEMA_ARRAY = new Set(['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems']);
const SCHEMA_MAP = new Set([
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
]);

/**
 * Every schema object of a document in document order, with its `$id`s and references. `rootBase`
 * is the id the document is registered under (its `$id`, or its path when it has none).
 */
export function walkSchema(value: unknown, rootBase: string, resolve: Resolve): SchemaWalk {
  const walk: SchemaWalk = { nodes: [], ids: [], refs: [], anchors: [] };
  const visit = (
    node: unknown,
    pointer: string,
    up: { base: string; resource: string; parent: number; keyword: string },
  ): void => {
    if (!isRecord(node)) return;
    let { base, resource } = up;
    const id = node['$id'];
    if (typeof id === 'string') {
      base = pointer === '' ? rootBase : normalizeId(resolve(base, id));
      resource = pointer;
      walk.ids.push({ id: base, node: pointer });
    }
    const index = walk.nodes.length;
    walk.nodes.push({ pointer, value: node, base, resource, parent: up.parent, keyword: up.keyword });
    for (const keyword of ['$ref', '$dynamicRef'] as const) {
      const ref = node[keyword];
      if (typeof ref === 'string') {
        walk.refs.push({
          keyword,
          ref,
          base,
          pointer: `${pointer}/${escapePointerToken(keyword)}`,
          target: normalizeId(resolve(base, ref)),
          node: index,
        });
      }
    }
    for (const keyword of ['$anchor', '$dynamicAnchor'] as const) {
      const anchor = node[keyword];
      if (typeof anchor === 'string') walk.anchors.push({ uri: `${base}#${anchor}`, node: index });
    }
    for (const [key, child] of Object.entries(node)) {
      const at = `${pointer}/${escapePointerToken(key)}`;
      const down = { base, resource, parent: index, keyword: key };
      if (Array.isArray(child) && SCHEMA_ARRAY.has(key)) child.forEach((c, i) => visit(c, `${at}/${i}`, down));
      else if (SCHEMA.has(key)) visit(child, at, down);
      else if (SCHEMA_MAP.has(key) && isRecord(child)) {
        for (const [name, c] of Object.entries(child)) visit(c, `${at}/${escapePointerToken(name)}`, down);
      }
    }
  };
  visit(value, '', { base: rootBase, resource: '', parent: -1, keyword: '' });
  return walk;
}
