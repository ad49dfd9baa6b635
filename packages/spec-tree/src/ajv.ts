import { Script, createContext } from 'node:vm';
import { escapePointerToken as escape } from '@openwop-spec/json';
import type * as Re2 from 're2js';
import type { Ajv2020, ErrorObject, Options, ValidateFunction } from 'ajv/dist/2020.js';
import { packageRequire } from './package-require.js';

export type Ajv = Ajv2020;
export type { ErrorObject, Options as AjvOptions, ValidateFunction };

const require = packageRequire('@openwop-spec/spec-tree', import.meta.url);

/**
 * An Ajv instance for JSON Schema draft 2020-12: strict, all errors, formats on, and every schema
 * `pattern` (and `patternProperties` key) run by `linearRegExp` unless the caller names another
 * engine; `options` adjust it. The one place the repository builds a draft 2020-12 Ajv, so the
 * gates, the conformance rows and the tests compile schemas alike. Loaded on first use so a run
 * that validates nothing does not pay for Ajv.
 */
export function createAjv(options: Options = {}): Ajv {
  const Ajv2020 = require('ajv/dist/2020.js') as { default: new (o: Options) => Ajv };
  const addFormats = require('ajv-formats') as { default: (ajv: Ajv) => Ajv };
  const ajv = new Ajv2020.default({
    strict: true,
    allErrors: true,
    ...options,
    code: { regExp: linearRegExp, ...options.code },
  });
  addFormats.default(ajv);
  return ajv;
}

/**
 * Resolves a URI reference against a base URI as Ajv does (its default resolver), so a reference is
 * resolved alike wherever it is judged, without building an Ajv.
 */
export function resolveUri(base: string, ref: string): string {
  const uri = require('ajv/dist/runtime/uri.js') as { default: { resolve(base: string, ref: string): string } };
  return uri.default.resolve(base, ref);
}

/** How long one test of a pattern RE2 cannot run may take on JavaScript's backtracking engine. */
export const PATTERN_BUDGET_MS = 1000;

/** A schema pattern that took longer than PATTERN_BUDGET_MS on a value: the caller reports it as a finding. */
export class PatternBudgetError extends Error {
  constructor(readonly pattern: string) {
    super(
      `the pattern ${JSON.stringify(pattern)} took longer than ${PATTERN_BUDGET_MS} ms on one value: it backtracks catastrophically (and RE2 cannot run it); rewrite it without nested quantifiers or lookaround`,
    );
    this.name = 'PatternBudgetError';
  }
}

interface RegExpLike {
  test(s: string): boolean;
  /** Ajv shares one compiled pattern per distinct string: it must name the pattern. */
  toString(): string;
}

let sandbox: { context: object; script: Script } | undefined;
const slow = new Set<string>();

/**
 * Ajv's regular-expression engine (its `code.regExp` option). A pattern RE2 can compile runs on
 * re2js: linear time in the value, so no schema can stall a run however it is written. RE2 has no
 * lookaround or backreferences, which JSON Schema patterns may use (`^P(?!$)…`); such a pattern
 * runs on JavaScript's own engine with each test bounded by PATTERN_BUDGET_MS (node:vm interrupts
 * it), and one that runs out throws PatternBudgetError, as does every later test of that pattern.
 * JavaScript's engine judges the pattern's syntax when Ajv compiles the schema (JSON Schema
 * patterns are ECMA-262 regular expressions); RE2 compiles it on its first test, since compiling
 * every pattern of every schema up front costs more than the whole run validates with them.
 */
export function linearRegExp(pattern: string, flags: string): RegExpLike {
  const native = new RegExp(pattern, flags);
  let test: ((s: string) => boolean) | undefined;
  return { test: (s) => (test ??= engineFor(pattern, native))(s), toString: () => `/${pattern}/${flags}` };
}

function engineFor(pattern: string, native: RegExp): (s: string) => boolean {
  const { RE2JS } = require('re2js') as typeof Re2;
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    return (s) => re.test(s);
  } catch {
    // Not RE2 syntax: JavaScript's engine, with a budget per test.
  }
  return (s) => {
    if (slow.has(pattern)) throw new PatternBudgetError(pattern);
    sandbox ??= { context: createContext({}), script: new Script('re.test(s)') };
    Object.assign(sandbox.context, { re: native, s });
    try {
      return sandbox.script.runInContext(sandbox.context, { timeout: PATTERN_BUDGET_MS }) as boolean;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw err;
      slow.add(pattern);
      throw new PatternBudgetError(pattern);
    }
  };
}
// Ajv writes this into standalone code; the gates compile in memory, so it is never evaluated.
linearRegExp.code = 'require("@openwop-spec/spec-tree").linearRegExp';

/** The JSON pointer an Ajv error is about: the offending member for additionalProperties and required. */
export function errorPointer(err: ErrorObject): string {
  const params = err.params as Record<string, unknown>;
  if (err.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    return `${err.instancePath}/${escape(params['additionalProperty'])}`;
  }
  if (err.keyword === 'unevaluatedProperties' && typeof params['unevaluatedProperty'] === 'string') {
    return `${err.instancePath}/${escape(params['unevaluatedProperty'])}`;
  }
  return err.instancePath;
}

/** A one-line message for an Ajv error, naming what was expected. */
export function errorMessage(err: ErrorObject): string {
  const params = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties':
      return `unknown property "${String(params['additionalProperty'])}" (the schema is closed here)`;
    case 'required':
      return `missing required property "${String(params['missingProperty'])}"`;
    case 'enum':
      return `${err.message ?? 'must be one of the allowed values'}: ${JSON.stringify(params['allowedValues'])}`;
    case 'const':
      return `must equal ${JSON.stringify(params['allowedValue'])}`;
    default:
      return err.message ?? err.keyword;
  }
}
