import type { Diagnostic } from '@openwop-spec/diagnostics';
import { isRecord } from '@openwop-spec/json';
import { createAjv, errorMessage, errorPointer } from '@openwop-spec/spec-tree';
import type { Ajv, ErrorObject, JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import { findSchemaFiles } from './discover.js';
import { locateCompileError, unresolvedRefOf } from './locate.js';
import { MAX_REF_DEPTH, analyseReferences } from './refs.js';
import type { RefAnalysis } from './refs.js';
import type { Site } from './locate.js';
import { rules } from './rules.js';
import { locationKey, normalizeId, refPathSubject, walkSchema, withoutFragment } from './walk.js';
import type { Resolve, SchemaWalk } from './walk.js';

/** A compiled schema's validator: true when the instance is valid; its errors are read right after the call. */
export interface Validator {
  (instance: unknown): boolean;
  errors?: ErrorObject[] | null;
}

export interface SchemaEntry {
  file: string;
  doc: JsonDoc;
  /** The URI the schema is registered under: its `$id`, or its path when it has none. */
  key: string;
  walk: SchemaWalk;
  /** Set once the schema compiled. */
  validate?: Validator;
}

export interface SchemaSet {
  /** One entry per schema file, in code-unit path order. */
  entries: SchemaEntry[];
  byFile: ReadonlyMap<string, SchemaEntry>;
  diagnostics: Diagnostic[];
}

/**
 * Ajv options on top of createAjv's (draft 2020-12, strict, allErrors, formats):
 * - strictTypes off: 2020-12 schemas legitimately apply `properties` or `propertyNames` without a
 *   `type` of their own, e.g. inside an if/then clause (`then: { properties: { annotations: {
 *   properties: … } } }`) whose parent already fixed the type, or in a subschema that must accept
 *   any JSON value and constrain only objects. Ajv's strictTypes rejects both; every other strict
 *   check (unknown keywords, unknown formats, ignored keywords) stays on.
 * - strictRequired off: Ajv checks a `required` name against the `properties` it has met so far,
 *   so `allOf: [{ if: { required: ["x"] }, then: … }]` fails or passes depending on whether the
 *   parent's `properties` comes before or after `allOf` in the file. A check that depends on key
 *   order cannot be stated as a rule, and `if: { required: [...] }` is the idiomatic presence test.
 * - strictTuples off: an open tuple (`prefixItems` with further items allowed) is legitimate
 *   2020-12, and Ajv accepts a tuple only when `minItems` equals its length and extra items are
 *   forbidden, so there is no way to say "open on purpose".
 * - code.optimize off: the optimiser speeds up the generated validators, which here validate a
 *   few examples once; turning it off cuts a large schema's compile time by a third to a half.
 * - logger off: a gate never writes to the console.
 */
const AJV_OPTIONS = {
  strictTypes: false,
  strictRequired: false,
  strictTuples: false,
  code: { optimize: false },
  logger: false,
} as const;

/** A definition: a member of `$defs` or `definitions`, at any depth. */
const DEFINITION = /\/(?:\$defs|definitions)\/[^/]+$/;

/** A vendor annotation keyword that Ajv accepts as a keyword name. */
const VENDOR = /^x-[a-z0-9_$:-]+$/i;

// These keywords report alongside the errors of the subschemas that failed inside them, so a
// meta-schema violation is reported once, by its most specific error.
const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', '$dynamicRef']);

/** Every schema in the corpus registered, validated against its meta-schema and compiled; once per tree. */
export function compileSchemas(tree: SpecTree): SchemaSet {
  return tree.derive('gate-schemas:compiled', () => compileOnce(tree));
}

/**
 * The same, not kept with the tree: the gate's own run lets the compiled validators (hundreds of
 * megabytes for a large generated schema) be collected as soon as the examples have run.
 */
export function compileOnce(tree: SpecTree): SchemaSet {
  return new Compiler(tree).run();
}

/**
 * The definitions of `entry` (its own `$defs` and `definitions` members, at any depth) that no
 * `$ref` of the corpus reaches (`referenced`: locationKeys), each with the URI Ajv compiles it by and
 * its index in the walk. Ajv compiles a definition only through a reference, so each of these is
 * compiled on its own; one that is referenced is compiled with its referrer, and compiling it again
 * would compile its own references again (quadratic along a chain of definitions).
 */
export function unreferencedDefinitions(
  entry: Pick<SchemaEntry, 'key' | 'walk'>,
  referenced: ReadonlySet<string>,
): Array<{ node: number; uri: string }> {
  const out: Array<{ node: number; uri: string }> = [];
  entry.walk.nodes.forEach((node, i) => {
    if (node.base !== entry.key || !DEFINITION.test(node.pointer)) return;
    if (!referenced.has(`${entry.key}#${node.pointer}`))
      out.push({ node: i, uri: `${entry.key}#${node.pointer.split('/').map(encodeURIComponent).join('/')}` });
  });
  return out;
}

class Compiler {
  private readonly ajv: Ajv = createAjv(AJV_OPTIONS);
  private readonly resolve: Resolve;
  private readonly entries: SchemaEntry[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  private readonly seen = new Set<string>();
  /** Files with a finding of their own: their dependents' unexplained compile errors are theirs. */
  private readonly failed = new Set<SchemaEntry>();
  private readonly byId = new Map<string, SchemaEntry>();
  /** Schemas using Ajv's `$async`: reported and never compiled (their validators return promises). */
  private readonly async = new Set<SchemaEntry>();
  /** Every resolved `$ref` target in the corpus, as a locationKey. */
  private readonly referenced = new Set<string>();
  /** The cycles and the chains too long among the registered schemas' references. */
  private references?: RefAnalysis<SchemaEntry>;

  constructor(private readonly tree: SpecTree) {
    const resolver = (this.ajv.opts as { uriResolver: { resolve(base: string, ref: string): string } }).uriResolver;
    this.resolve = (base, ref) => resolver.resolve(base, ref);
  }

  run(): SchemaSet {
    const registrable: SchemaEntry[] = [];
    for (const file of findSchemaFiles(this.tree)) {
      const entry = this.load(file);
      if (entry) registrable.push(entry);
    }
    this.allowVendorKeywords();
    const registered = this.register(registrable);
    for (const entry of registered) for (const ref of entry.walk.refs) this.referenced.add(locationKey(ref.target));
    this.references = analyseReferences(registered);
    for (const c of this.references.cycles)
      this.report(c.entry, c.pointer, false, 'schemas/ref-cycle', { length: c.length, files: c.files });
    for (const c of this.references.chains)
      this.report(c.entry, c.pointer, false, 'schemas/ref-depth', { depth: c.depth, max: MAX_REF_DEPTH });
    const metaValid = registered.filter((e) => this.metaValidate(e));
    const unexplained: Array<{ entry: SchemaEntry; message: string }> = [];
    for (const entry of metaValid) {
      if (this.async.has(entry)) continue;
      for (const message of this.compile(entry)) unexplained.push({ entry, message });
    }
    // An error Ajv raised while compiling a schema that cannot be placed anywhere is the schema's
    // own, unless it references a schema that failed: then it is that schema's error, already
    // reported there, and repeating it at every dependent would bury the cause.
    for (const { entry, message } of unexplained) {
      if (this.dependencies(entry).some((d) => this.failed.has(d))) continue;
      this.report(entry, '', false, 'schemas/compile', { problem: message });
    }
    // A schema with a finding of its own does not count as compiling, and its examples do not run.
    for (const entry of this.failed) delete entry.validate;
    return {
      entries: this.entries,
      byFile: new Map(this.entries.map((e) => [e.file, e])),
      diagnostics: this.diagnostics,
    };
  }

  /** Parses one file (a JSON error is an input error) and walks it; undefined when it cannot be registered. */
  private load(file: string): SchemaEntry | undefined {
    const doc = this.tree.json(file);
    const value = doc.value;
    const id = isRecord(value) ? value['$id'] : undefined;
    const key = typeof id === 'string' ? normalizeId(id) : file;
    const entry: SchemaEntry = { file, doc, key, walk: walkSchema(value, key, this.resolve) };
    this.entries.push(entry);
    if (!isRecord(value) && typeof value !== 'boolean') {
      this.report(entry, '', false, 'schemas/compile', { problem: 'a schema must be a JSON object or a boolean' });
      return undefined;
    }
    if (id !== undefined && typeof id !== 'string') {
      this.report(entry, '/$id', false, 'schemas/compile', { problem: '$id must be a string (a URI)' });
      return undefined;
    }
    for (const node of entry.walk.nodes) {
      if (!Object.hasOwn(node.value, '$async')) continue;
      this.report(entry, `${node.pointer}/$async`, true, 'schemas/compile', {
        problem: '"$async" is an Ajv extension, not JSON Schema; corpus schemas validate synchronously',
      });
      this.async.add(entry);
    }
    return entry;
  }

  /**
   * Keywords named `x-…` are vendor annotations (the declaration gate's `x-openwop-seeded-from`
   * markers): registered as annotation keywords, so strict mode still rejects an
   * unknown keyword without the prefix, such as a misspelt `maxLenght`.
   */
  private allowVendorKeywords(): void {
    const names = new Set<string>();
    for (const entry of this.entries) {
      for (const node of entry.walk.nodes)
        for (const key of Object.keys(node.value)) if (VENDOR.test(key)) names.add(key);
    }
    for (const keyword of [...names].sort()) this.ajv.addKeyword({ keyword });
  }

  /**
   * Finds duplicate ids (top-level and embedded), then registers every schema by `$id` (or path)
   * before anything compiles, so cross-file references resolve whatever the order. Of a duplicated
   * id only the first file in path order is registered.
   */
  private register(entries: SchemaEntry[]): SchemaEntry[] {
    const sites = new Map<string, Array<{ entry: SchemaEntry; node: string }>>();
    for (const entry of entries) {
      for (const site of entry.walk.ids) {
        const list = sites.get(site.id) ?? [];
        list.push({ entry, node: site.node });
        sites.set(site.id, list);
      }
    }
    const skipped = new Set<SchemaEntry>();
    for (const [id, list] of sites) {
      const first = list[0]!.entry;
      if (!this.byId.has(id)) this.byId.set(id, first);
      if (list.length < 2) continue;
      list.forEach((site, i) => {
        const others = list.filter((_, j) => j !== i);
        const where = others.map((o) => `${o.entry.file}${o.node ? `#${o.node}` : ''}`).join(', ');
        this.report(
          site.entry,
          `${site.node}/$id`,
          false,
          'schemas/duplicate-id',
          { id, others: where },
          others.map((o) => this.related(o.entry, `${o.node}/$id`, `$id "${id}" declared here too`)),
        );
        if (site.entry !== first) skipped.add(site.entry);
      });
    }
    const registered: SchemaEntry[] = [];
    for (const entry of entries) {
      if (skipped.has(entry)) continue;
      const value = entry.doc.value as Record<string, unknown> | boolean;
      try {
        // Meta-schema validation runs separately (metaValidate) so its errors are positioned.
        this.ajv.addSchema(
          value,
          typeof value === 'object' && typeof value['$id'] === 'string' ? undefined : entry.key,
          undefined,
          false,
        );
        registered.push(entry);
      } catch (err) {
        if (!this.failed.has(entry)) this.reportThrown(entry, err);
      }
    }
    return registered;
  }

  /** Checks one schema against its meta-schema; every violation is positioned. */
  private metaValidate(entry: SchemaEntry): boolean {
    const value = entry.doc.value;
    if (typeof value === 'boolean') return true;
    let valid: boolean;
    try {
      valid = this.ajv.validateSchema(value as Record<string, unknown>) as boolean;
    } catch (err) {
      // Only an unknown `$schema` makes Ajv throw here.
      this.report(entry, '/$schema', false, 'schemas/compile', {
        problem: `${(err as Error).message}; use "https://json-schema.org/draft/2020-12/schema"`,
      });
      return false;
    }
    if (valid) return true;
    const byPointer = new Map<string, ErrorObject>();
    for (const err of this.ajv.errors ?? []) {
      const pointer = errorPointer(err);
      const kept = byPointer.get(pointer);
      if (!kept || (COMBINATORS.has(kept.keyword) && !COMBINATORS.has(err.keyword))) byPointer.set(pointer, err);
    }
    for (const [pointer, err] of byPointer) {
      this.report(entry, pointer, false, 'schemas/compile', {
        problem: `${pointer || '/'} ${errorMessage(err)} (meta-schema)`,
      });
    }
    return false;
  }

  /**
   * Compiles one schema, then each of its `$defs` that no `$ref` in the corpus reaches (Ajv
   * compiles a definition only through a reference, so a typo in an unused one would otherwise
   * pass). Returns the messages of errors that could not be placed.
   */
  private compile(entry: SchemaEntry): string[] {
    const unplaced: string[] = [];
    const attempt = (ref: string): Validator | undefined => {
      try {
        return this.ajv.getSchema(ref) as Validator | undefined;
      } catch (err) {
        const message = this.reportThrown(entry, err, true);
        if (message !== undefined) unplaced.push(message);
        return undefined;
      }
    };
    if (!this.references?.blocked(entry, 0)) {
      const validate = attempt(entry.key);
      if (validate) entry.validate = validate;
    }
    for (const { node, uri } of unreferencedDefinitions(entry, this.referenced))
      if (!this.references?.blocked(entry, node)) attempt(uri);
    return unplaced;
  }

  /** Reports an error Ajv threw for `entry` at the place it is about; returns its message when it has no place. */
  private reportThrown(entry: SchemaEntry, err: unknown, defer = false): string | undefined {
    const message = err instanceof Error ? err.message : String(err);
    const candidates = [entry, ...this.dependencies(entry)];
    const unresolved = unresolvedRefOf(message);
    if (unresolved) {
      const missing = (err as { missingRef?: string }).missingRef ?? unresolved.ref;
      const base = normalizeId(unresolved.base);
      const owner =
        candidates.find((e) => e.walk.refs.some((r) => r.ref === unresolved.ref && r.base === base)) ??
        candidates.find((e) => e.walk.refs.some((r) => r.ref === unresolved.ref)) ??
        entry;
      const site =
        owner.walk.refs.find((r) => r.ref === unresolved.ref && r.base === base) ??
        owner.walk.refs.find((r) => r.ref === unresolved.ref);
      const target = this.byId.get(withoutFragment(normalizeId(missing)));
      const why = target
        ? `${target.file} has no location "${missing.slice(missing.indexOf('#') + 1)}"`
        : `no schema in the corpus has $id ${withoutFragment(missing)}`;
      const pointer = site?.pointer ?? '';
      // The place is the subject: a generator that copied the reference there reports it as its own root
      // cause. A relative reference also names a file beside its schema: a citation of that path that
      // resolves nowhere (refs/missing-path) is this same mistake.
      const path = refPathSubject(owner.file, unresolved.ref);
      this.report(owner, pointer, false, 'schemas/unresolved-ref', { ref: unresolved.ref, why }, undefined, {
        subjects: [`ref:${owner.file}#${pointer}`],
        ...(path !== undefined && { explains: [path] }),
      });
      return undefined;
    }
    const site: Site<SchemaEntry> | undefined = locateCompileError(message, candidates);
    if (site) {
      this.report(site.entry, site.pointer, site.key, 'schemas/compile', { problem: message });
      return undefined;
    }
    if (defer) return message;
    this.report(entry, '', false, 'schemas/compile', { problem: message });
    return undefined;
  }

  /** The schemas `entry` references, directly or not, in path order (without `entry`). */
  private dependencies(entry: SchemaEntry): SchemaEntry[] {
    const seen = new Set<SchemaEntry>([entry]);
    const queue = [entry];
    while (queue.length > 0) {
      for (const ref of queue.shift()!.walk.refs) {
        const target = this.byId.get(withoutFragment(ref.target));
        if (target && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      }
    }
    seen.delete(entry);
    return this.entries.filter((e) => seen.has(e));
  }

  private related(entry: SchemaEntry, pointer: string, message: string) {
    return { file: entry.file, start: entry.doc.locate(pointer).start, message };
  }

  private report<K extends Parameters<typeof rules.diagnostic>[0]>(
    entry: SchemaEntry,
    pointer: string,
    key: boolean,
    id: K,
    data: Parameters<typeof rules.diagnostic<K>>[1],
    related?: ReturnType<Compiler['related']>[],
    causes: Pick<Diagnostic, 'subjects' | 'explains'> = {},
  ): void {
    const range = key ? entry.doc.locateKey(pointer) : entry.doc.locate(pointer);
    const diagnostic = rules.diagnostic(
      id,
      data,
      { file: entry.file, start: range.start, end: range.end, ...(related ? { related } : {}) },
      causes,
    );
    // The same error is raised again by every schema that compiles the broken one; report it once.
    const dedupe = `${diagnostic.ruleId}\0${entry.file}\0${range.start.line}:${range.start.column}\0${diagnostic.message}`;
    this.failed.add(entry);
    if (this.seen.has(dedupe)) return;
    this.seen.add(dedupe);
    this.diagnostics.push(diagnostic);
  }
}
