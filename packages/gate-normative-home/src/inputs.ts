import { InputError } from '@openwop-spec/diagnostics';
import { escapePointerToken, isRecord } from '@openwop-spec/json';
import type { Location } from '@openwop-spec/gate-api';
import type { JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import { isDate } from './dates.js';

export const baselinePath = (tree: SpecTree): string => `${tree.paths.docs}/normative-home-baseline.json`;
export const eosPath = (tree: SpecTree): string => `${tree.paths.evidence}/v1-end-of-support.json`;

/** Where `pointer` is in the baseline, as a finding's location. */
export function inBaseline(b: Baseline, pointer: string): Location {
  const range = b.doc.locate(pointer);
  return { file: b.file, start: range.start, end: range.end };
}

/** docs/normative-home-baseline.json, validated. */
export interface Baseline {
  file: string;
  doc: JsonDoc;
  value: Readonly<Record<string, unknown>>;
  v1Dependent: number;
  undeclared: number;
  facetsUncovered: number;
  v1Carried: string[];
  /** Recorded banner per spec/v1 path; absent when the file has none. */
  v1Banners?: Readonly<Record<string, string>>;
  t0?: string;
  openAtT0?: number;
}

const COUNTERS = ['v1Dependent', 'undeclared', 'facetsUncovered'] as const;
const KNOWN = new Set<string>([...COUNTERS, 'v1Carried', 'v1Banners', 't0', 'openAtT0']);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/**
 * Loads and validates the baseline. A file that breaks its own format is an input error (exit 2)
 * at the offending value; a missing file returns undefined (the caller decides whether that is
 * allowed: only --write-baseline may start from nothing).
 */
export function loadBaseline(tree: SpecTree): Baseline | undefined {
  const file = baselinePath(tree);
  if (tree.info(file).kind === 'missing') return undefined;
  const doc = tree.json(file);
  const fail = (message: string, pointer: string): never => {
    throw new InputError(`${file}: ${message}`, { file, start: doc.locate(pointer).start });
  };
  const value = doc.value;
  if (!isRecord(value)) return fail('the baseline must be a JSON object', '');
  for (const key of Object.keys(value)) {
    if (!KNOWN.has(key) && !key.startsWith('$')) {
      fail(
        `unknown key "${key}" (allowed: ${[...KNOWN].join(', ')}, and comments whose key starts with $)`,
        `/${escapePointerToken(key)}`,
      );
    }
  }
  for (const key of COUNTERS) {
    if (!(key in value)) fail(`${key} is required (an integer ≥ 0)`, '');
    if (!isCount(value[key])) fail(`${key} must be an integer ≥ 0`, `/${key}`);
  }
  const carried = value['v1Carried'];
  if (!Array.isArray(carried))
    return fail(
      'v1Carried is required (an array of family keys)',
      Object.hasOwn(value, 'v1Carried') ? '/v1Carried' : '',
    );
  const seen = new Set<string>();
  carried.forEach((k: unknown, j: number) => {
    if (typeof k !== 'string') fail('v1Carried must hold strings (family keys)', `/v1Carried/${j}`);
    if (seen.has(k as string)) fail(`v1Carried lists "${k as string}" twice`, `/v1Carried/${j}`);
    seen.add(k as string);
  });
  const baseline: Baseline = {
    file,
    doc,
    value,
    v1Dependent: value['v1Dependent'] as number,
    undeclared: value['undeclared'] as number,
    facetsUncovered: value['facetsUncovered'] as number,
    v1Carried: carried as string[],
  };
  if ('v1Banners' in value) {
    const banners = value['v1Banners'];
    if (!isRecord(banners))
      return fail('v1Banners must be an object mapping spec/v1/ paths to banner lines', '/v1Banners');
    const v1 = `${tree.paths.spec}/v1/`;
    for (const [path, line] of Object.entries(banners)) {
      const pointer = `/v1Banners/${escapePointerToken(path)}`;
      if (!path.startsWith(v1)) fail(`v1Banners key "${path}" is not a ${v1} path`, pointer);
      if (typeof line !== 'string') fail(`v1Banners["${path}"] must be the recorded banner line (a string)`, pointer);
    }
    baseline.v1Banners = banners as Record<string, string>;
  }
  if ('t0' in value) {
    if (!isDate(value['t0'])) fail('t0 must be a real YYYY-MM-DD date', '/t0');
    baseline.t0 = value['t0'] as string;
  }
  if ('openAtT0' in value) {
    if (!isCount(value['openAtT0'])) fail('openAtT0 must be an integer ≥ 0', '/openAtT0');
    baseline.openAtT0 = value['openAtT0'] as number;
  }
  return baseline;
}

/** The EOS clock: the date, or undefined when the file, the field or its value is absent (unknown). */
export interface EosClock {
  file: string;
  date?: string;
  /** The parsed file, when it exists. */
  doc?: JsonDoc;
}

export function loadEos(tree: SpecTree): EosClock {
  const file = eosPath(tree);
  if (tree.info(file).kind === 'missing') return { file };
  const doc = tree.json(file);
  if (!isRecord(doc.value))
    throw new InputError(`${file}: the end-of-support clock must be a JSON object`, {
      file,
      start: doc.locate('').start,
    });
  const date = doc.value['endOfSupportNotBefore'];
  if (date === undefined || date === null) return { file, doc };
  if (!isDate(date)) {
    throw new InputError(`${file}: endOfSupportNotBefore must be a real YYYY-MM-DD date or null`, {
      file,
      start: doc.locate('/endOfSupportNotBefore').start,
    });
  }
  return { file, doc, date };
}
