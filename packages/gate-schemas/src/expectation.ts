import { isDeepStrictEqual } from 'node:util';
import { escapePointerToken, isRecord } from '@openwop-spec/json';
import type { ErrorObject, JsonDoc } from '@openwop-spec/spec-tree';

/** An invalid example's sidecar: the Ajv error it must raise. */
export interface Expectation {
  keyword: string;
  instancePath: string;
  /** Optional: each member must equal the same member of the error's `params`. */
  params?: Readonly<Record<string, unknown>>;
}

export interface ExpectationProblem {
  pointer: string;
  /** Point at the member name rather than its value. */
  key: boolean;
  problem: string;
}

const ALLOWED = ['keyword', 'instancePath', 'params'];

/** Reads a sidecar; every way it breaks the convention is a positioned problem. */
export function readExpectation(doc: JsonDoc): { expectation?: Expectation; problems: ExpectationProblem[] } {
  const value = doc.value;
  if (!isRecord(value)) {
    return {
      problems: [
        { pointer: '', key: false, problem: 'an expectation is a JSON object { "keyword": …, "instancePath": … }' },
      ],
    };
  }
  const problems: ExpectationProblem[] = [];
  for (const name of Object.keys(value)) {
    if (!ALLOWED.includes(name))
      problems.push({
        pointer: `/${escapePointerToken(name)}`,
        key: true,
        problem: `unknown member "${name}" (allowed: keyword, instancePath, params)`,
      });
  }
  const { keyword, instancePath, params } = value;
  if (keyword === undefined)
    problems.push({
      pointer: '',
      key: false,
      problem: 'missing "keyword" (the Ajv keyword the example must fail on, e.g. "required")',
    });
  else if (typeof keyword !== 'string' || keyword === '')
    problems.push({ pointer: '/keyword', key: false, problem: '"keyword" must be a non-empty string' });
  if (instancePath === undefined)
    problems.push({
      pointer: '',
      key: false,
      problem: 'missing "instancePath" (the JSON pointer of the failing value; "" for the root)',
    });
  else if (typeof instancePath !== 'string' || !(instancePath === '' || instancePath.startsWith('/'))) {
    problems.push({
      pointer: '/instancePath',
      key: false,
      problem: '"instancePath" must be a JSON pointer: "" or a string starting with "/"',
    });
  }
  if (params !== undefined && !isRecord(params))
    problems.push({ pointer: '/params', key: false, problem: '"params" must be an object' });
  if (problems.length > 0) return { problems };
  return {
    expectation: {
      keyword: keyword as string,
      instancePath: instancePath as string,
      ...(params !== undefined ? { params: params as Record<string, unknown> } : {}),
    },
    problems,
  };
}

/** `"required" at /annotations` (plus the params when the sidecar names any). */
export function describeExpectation(e: Expectation): string {
  return `"${e.keyword}" at ${e.instancePath || '/'}${e.params ? ` with params ${JSON.stringify(e.params)}` : ''}`;
}

/** `"required" at /annotations`, for an actual error. */
export function describeError(err: ErrorObject): string {
  return `"${err.keyword}" at ${err.instancePath || '/'}`;
}

export function matchesExpectation(err: ErrorObject, e: Expectation): boolean {
  if (err.keyword !== e.keyword || err.instancePath !== e.instancePath) return false;
  const params = err.params as Record<string, unknown>;
  return Object.entries(e.params ?? {}).every(([k, v]) => isDeepStrictEqual(params[k], v));
}
