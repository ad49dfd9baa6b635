import { parse, evaluate } from '@humanwhocodes/momoa';
import type { DocumentNode, ValueNode } from '@humanwhocodes/momoa';
import { InputError } from '@openwop-spec/diagnostics';
import type { Point } from '@openwop-spec/diagnostics';
import { escapePointerToken, valueAt } from '@openwop-spec/json';
import { findJsonProblem, jsonDepth, MAX_JSON_DEPTH, nestingMessage } from './json-syntax.js';
import { LineIndex, stripBom } from './text.js';

export interface Range {
  start: Point;
  end: Point;
}

/** A parsed JSON file: its value plus a JSON-pointer → source-range map. */
export interface JsonDoc {
  readonly file: string;
  readonly text: string;
  readonly value: unknown;
  /** Range of the value at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string): Range;
  /** Range of the member key at `pointer` (the value's range for array elements and the root). */
  locateKey(pointer: string): Range;
  /** True when `pointer` names an existing value. */
  has(pointer: string): boolean;
}

const toPoint = (p: { line: number; column: number; offset: number }): Point => ({
  line: p.line,
  column: p.column,
  offset: p.offset,
});

/**
 * Parses strict JSON (RFC 8259) after stripping a UTF-8 BOM. Syntax errors, duplicate object keys
 * (reported at the second occurrence) and nesting deeper than MAX_JSON_DEPTH are input errors: a
 * silently dropped duplicate would make a sabotage test vacuous, and a pathological depth would
 * overflow the stack of whatever walks the value.
 */
export function parseJson(text: string, file: string): JsonDoc {
  // Fast path: the engine's parser for the value (it does not recurse, so any depth is safe here),
  // one scan for duplicate keys and depth, and the position map only when a position is first
  // asked for (a passing run rarely asks). A syntax error is located and worded by findJsonProblem.
  const body = stripBom(text);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw syntaxError(text, file);
  }
  const scan = scanKeys(body);
  if (scan.tooDeep !== undefined) {
    const shift = text.length - body.length;
    throw new InputError(
      `${file}: ${nestingMessage(jsonDepth(body))}`,
      { file, start: new LineIndex(text).point(scan.tooDeep + shift) },
      'input/nesting-depth',
    );
  }
  if (scan.duplicate) return parseJsonWithPositions(text, file);
  let positioned: JsonDoc | undefined;
  const positions = (): JsonDoc => (positioned ??= parseJsonWithPositions(text, file));
  return {
    file,
    text,
    value,
    locate: (pointer) => positions().locate(pointer),
    locateKey: (pointer) => positions().locateKey(pointer),
    has: (pointer) => valueAt(value, pointer) !== undefined,
  };
}

/** The input error for text that JSON.parse refused: where the mistake is, in plain words. */
function syntaxError(text: string, file: string): InputError {
  const body = stripBom(text);
  const shift = text.length - body.length;
  const lines = new LineIndex(text);
  const at = (offset: number): string => {
    const p = lines.point(offset + shift);
    return `${p.line}:${p.column}`;
  };
  const problem = findJsonProblem(body, at) ?? { offset: 0, message: 'not valid JSON', kind: 'syntax' as const };
  const start = lines.point(problem.offset + shift);
  if (problem.kind === 'nesting-depth') {
    return new InputError(`${file}: ${problem.message}`, { file, start }, 'input/nesting-depth');
  }
  return new InputError(`${file} is not valid JSON: ${problem.message}`, { file, start }, 'input/invalid-json');
}

/**
 * One pass over text that JSON.parse accepted: whether some object repeats a key (which JSON.parse
 * would silently collapse), and the offset of the first array or object nested deeper than
 * MAX_JSON_DEPTH.
 */
function scanKeys(s: string): { duplicate: boolean; tooDeep?: number } {
  const stack: Array<Set<string> | null> = [];
  let duplicate = false;
  let expectKey = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      let j = i + 1;
      let escaped = false;
      for (;;) {
        const d = s.charCodeAt(j);
        if (d === 0x5c) {
          escaped = true;
          j += 2;
        } else if (d === 0x22) break;
        else j++;
      }
      if (expectKey) {
        const key = escaped ? (JSON.parse(s.slice(i, j + 1)) as string) : s.slice(i + 1, j);
        const keys = stack[stack.length - 1]!;
        if (keys.has(key)) duplicate = true;
        keys.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === 0x7b || c === 0x5b) {
      if (stack.length >= MAX_JSON_DEPTH) return { duplicate, tooDeep: i };
      stack.push(c === 0x7b ? new Set() : null);
      expectKey = c === 0x7b;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    } else if (c === 0x2c) {
      expectKey = stack[stack.length - 1] !== null;
    }
  }
  return { duplicate };
}

function parseJsonWithPositions(text: string, file: string): JsonDoc {
  const body = stripBom(text);
  const shift = body.length === text.length ? 0 : 1;
  // Only text that JSON.parse accepted within MAX_JSON_DEPTH gets here, so momoa's recursion is bounded.
  const ast: DocumentNode = parse(body, { mode: 'json', ranges: false, tokens: false });
  const values = new Map<string, Range>();
  const keys = new Map<string, Range>();
  const range = (loc: {
    start: { line: number; column: number; offset: number };
    end: { line: number; column: number; offset: number };
  }): Range => {
    const r = { start: toPoint(loc.start), end: toPoint(loc.end) };
    if (shift) {
      if (r.start.line === 1) r.start.column += shift;
      if (r.end.line === 1) r.end.column += shift;
      r.start.offset = (r.start.offset ?? 0) + shift;
      r.end.offset = (r.end.offset ?? 0) + shift;
    }
    return r;
  };
  const walk = (node: ValueNode, pointer: string): void => {
    values.set(pointer, range(node.loc));
    if (node.type === 'Object') {
      const seen = new Set<string>();
      for (const member of node.members) {
        const name = member.name.type === 'String' ? member.name.value : member.name.name;
        const child = pointer + '/' + escapePointerToken(name);
        if (seen.has(name)) {
          const at = range(member.name.loc).start;
          throw new InputError(
            `${file} has a duplicate key "${name}" in ${pointer || 'the root object'}`,
            { file, start: at },
            'input/duplicate-key',
          );
        }
        seen.add(name);
        keys.set(child, range(member.name.loc));
        walk(member.value, child);
      }
    } else if (node.type === 'Array') {
      node.elements.forEach((el, i) => walk(el.value, `${pointer}/${i}`));
    }
  };
  walk(ast.body, '');
  const value = evaluate(ast);
  const nearest = (map: Map<string, Range>, pointer: string): Range => {
    let p = pointer;
    for (;;) {
      const hit = map.get(p) ?? values.get(p);
      if (hit) return hit;
      if (p === '') return values.get('')!;
      p = p.slice(0, p.lastIndexOf('/'));
    }
  };
  return {
    file,
    text,
    value,
    locate: (pointer) => nearest(values, pointer),
    locateKey: (pointer) => nearest(keys, pointer),
    has: (pointer) => values.has(pointer),
  };
}
