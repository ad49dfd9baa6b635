import { escapePointerToken, isRecord } from '@openwop-spec/json';
import type { JsonDoc } from '@openwop-spec/spec-tree';
import type { SchemaNode, SchemaWalk } from './walk.js';

/** What locating needs to know about a schema file. */
export interface Located {
  file: string;
  doc: JsonDoc;
  walk: SchemaWalk;
}

/** Where a compile error sits: a schema file and a pointer; `key` means "the member name at pointer". */
export interface Site<E extends Located> {
  entry: E;
  pointer: string;
  key: boolean;
}

/** The keyword a message is about, and what the offending schema object has and lacks. */
interface Clue {
  keyword: string;
  lacks?: string[];
  /** For a bad regular expression: the pattern's source. */
  pattern?: string;
}

/**
 * Reads the keyword out of an Ajv compile-error message. Ajv throws plain Errors whose text is the
 * only record of what failed; these patterns cover Ajv 8's strict-mode messages under this gate's
 * options and the errors its code generator raises for bad regular expressions and unsupported
 * keywords.
 */
function clueOf(message: string): Clue | undefined {
  let m: RegExpExecArray | null;
  if ((m = /unknown keyword: "([^"]+)"/.exec(message))) return { keyword: m[1]! };
  if (/unknown format "/.test(message)) return { keyword: 'format' };
  if (/default is ignored/.test(message)) return { keyword: 'default' };
  if (/property .* matches pattern /.test(message)) return { keyword: 'patternProperties' };
  if ((m = /Invalid regular expression: \/(.*)\/[a-z]*: /s.exec(message)))
    return { keyword: 'pattern', pattern: m[1]! };
  // `"if" without "then" and "else"`, `"then" without "if"`, `"maxContains" without "contains"`.
  if ((m = /"([^"]+)" without "([^"]+)"(?: and "([^"]+)")?/.exec(message))) {
    return { keyword: m[1]!, lacks: [m[2]!, ...(m[3] ? [m[3]] : [])] };
  }
  if ((m = /"([^"]+)"/.exec(message))) return { keyword: m[1]! };
  // `enum must have non-empty array`, `type must be JSONType or JSONType[]: …`
  if ((m = /^(\$?[A-Za-z]+) (?:value )?must /.exec(message))) return { keyword: m[1]! };
  return undefined;
}

/**
 * `… at path "#/properties/n"` (an unknown format) → `/properties/n`: Ajv's schema path,
 * relative to the schema resource being compiled, as a URI fragment.
 */
function pathOf(message: string): string | undefined {
  const m = /\bat path "#([^"]*)"/.exec(message);
  if (!m) return undefined;
  try {
    return decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
}

function matches(node: SchemaNode, clue: Clue): boolean {
  const v = node.value;
  if (clue.pattern !== undefined) {
    const props = v['patternProperties'];
    return v['pattern'] === clue.pattern || (isRecord(props) && Object.hasOwn(props, clue.pattern));
  }
  return Object.hasOwn(v, clue.keyword) && !(clue.lacks ?? []).some((k) => Object.hasOwn(v, k));
}

function siteInNode<E extends Located>(entry: E, node: SchemaNode, clue: Clue): Site<E> {
  if (clue.pattern !== undefined && node.value['pattern'] !== clue.pattern) {
    return { entry, pointer: `${node.pointer}/patternProperties/${escapePointerToken(clue.pattern)}`, key: true };
  }
  return { entry, pointer: `${node.pointer}/${escapePointerToken(clue.keyword)}`, key: true };
}

/**
 * Finds the schema file and position an Ajv compile error is about. `candidates` are the schema
 * being compiled first, then the schemas it references (an error may come from either). Returns
 * undefined when the message gives nothing to go on.
 */
export function locateCompileError<E extends Located>(message: string, candidates: readonly E[]): Site<E> | undefined {
  const clue = clueOf(message);
  const pointer = pathOf(message);
  if (pointer !== undefined) {
    // The path is relative to the resource being compiled; when it does not exist there, the
    // error came from a referenced schema.
    for (const entry of candidates) {
      const node = entry.walk.nodes.find((n) => n.pointer === pointer);
      if (!node) continue;
      if (clue && Object.hasOwn(node.value, clue.keyword)) return siteInNode(entry, node, clue);
      return { entry, pointer, key: false };
    }
  }
  if (!clue) return undefined;
  for (const entry of candidates) {
    const node = entry.walk.nodes.find((n) => matches(n, clue));
    if (node) return siteInNode(entry, node, clue);
  }
  return undefined;
}

/** The parts of Ajv's "can't resolve reference" message: the raw reference and the base it was read against. */
export function unresolvedRefOf(message: string): { ref: string; base: string } | undefined {
  const m = /^can't resolve reference (.*) from id (.*)$/s.exec(message);
  return m ? { ref: m[1]!, base: m[2]! } : undefined;
}
