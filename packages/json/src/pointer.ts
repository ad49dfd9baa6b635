// JSON Pointer (RFC 6901): building, parsing and resolving. A token from input names an own member
// only, so "/constructor" never reaches Object.prototype, and an array token must be a canonical
// index ("01" and "-" name nothing).
import { isRecord } from './record.js';

/** One reference token, escaped: `~` → `~0`, `/` → `~1`. */
export function escapePointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The pointer of a token path: `['a', 0]` → `/a/0`; `[]` → `""` (the whole document). */
export function pointerOf(tokens: readonly (string | number)[]): string {
  return tokens.map((t) => '/' + escapePointerToken(t)).join('');
}

/** The unescaped tokens of a pointer; throws on text that is not a pointer (non-empty, no leading `/`). */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`not a JSON pointer: ${pointer}`);
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/** The value `pointer` (or its parsed tokens) names inside `root`, or undefined when it names nothing. */
export function valueAt(root: unknown, pointer: string | readonly string[]): unknown {
  let node = root;
  for (const token of typeof pointer === 'string' ? parsePointer(pointer) : pointer) {
    if (Array.isArray(node)) {
      if (!INDEX.test(token)) return undefined;
      node = node[Number(token)];
    } else if (isRecord(node) && Object.hasOwn(node, token)) {
      node = node[token];
    } else return undefined;
  }
  return node;
}
