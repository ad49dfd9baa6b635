import { formatGrouped } from '@openwop-spec/diagnostics';

/**
 * How deep JSON values may nest (arrays and objects inside each other). The corpus nests about a
 * dozen levels; the limit keeps every recursive walker over a JSON value (the gates', Ajv's) far
 * from the stack's end, so a pathological file is one finding instead of a crash.
 */
export const MAX_JSON_DEPTH = 256;

/** Where a JSON text first goes wrong, and what is wrong there in plain words. */
export interface JsonProblem {
  /** 0-based UTF-16 offset into the text given. */
  offset: number;
  message: string;
  /** `nesting-depth` when the text nests deeper than MAX_JSON_DEPTH; `syntax` otherwise. */
  kind: 'syntax' | 'nesting-depth';
}

interface Open {
  char: '{' | '[';
  offset: number;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/y;

/**
 * Checks a JSON text (RFC 8259, no BOM) in one iterative pass and returns its first problem, or
 * undefined when it is valid and within MAX_JSON_DEPTH. Each problem sits where the mistake is: a
 * trailing comma at the comma, a missing comma right after the value that needs one.
 */
export function findJsonProblem(
  s: string,
  at: (offset: number) => string = (o) => `offset ${o}`,
): JsonProblem | undefined {
  const stack: Open[] = [];
  let i = 0;
  /** Where the value last read ended (a missing comma belongs there). */
  let lastEnd = 0;
  /** The offset of the comma just read, if the previous token was a comma. */
  let comma = -1;
  let sawValue = false;
  // What the grammar expects next.
  let expect: 'value' | 'key' | 'colon' | 'after' = 'value';

  const fail = (offset: number, message: string): JsonProblem => ({ offset, message, kind: 'syntax' });
  const describe = (at: number): string => {
    const c = s.codePointAt(at)!;
    if (
      c < 0x20 ||
      (c >= 0x7f && c <= 0x9f) ||
      c === 0xa0 ||
      c === 0xfeff ||
      (c >= 0x2000 && c <= 0x200f) ||
      c === 0x2028 ||
      c === 0x2029
    ) {
      return `character U+${c.toString(16).toUpperCase().padStart(4, '0')}`;
    }
    return `\`${String.fromCodePoint(c)}\``;
  };
  const where = (open: Open): string => `opened at ${at(open.offset)}`;

  for (;;) {
    while (i < s.length && WS.has(s.charCodeAt(i))) i++;
    if (i >= s.length) break;
    const c = s[i]!;
    const top = stack[stack.length - 1];

    if (c === '/' && (s[i + 1] === '/' || s[i + 1] === '*')) return fail(i, 'comments are not allowed in JSON');

    if (expect === 'after') {
      if (!top) return fail(i, `unexpected ${describe(i)} after the end of the JSON value (a file holds one value)`);
      if (c === ',') {
        comma = i;
        i++;
        expect = top.char === '{' ? 'key' : 'value';
        continue;
      }
      if ((c === '}' && top.char === '{') || (c === ']' && top.char === '[')) {
        stack.pop();
        i++;
        lastEnd = i;
        comma = -1;
        expect = 'after';
        continue;
      }
      if (c === '}' || c === ']')
        return fail(
          i,
          `\`${c}\` does not close the \`${top.char}\` ${where(top)}; expected \`${top.char === '{' ? '}' : ']'}\``,
        );
      if (c === '"' || c === '{' || c === '[' || c === '-' || (c >= '0' && c <= '9') || /[A-Za-z_$']/.test(c)) {
        return fail(lastEnd, top.char === '{' ? 'missing comma between members' : 'missing comma between elements');
      }
      return fail(i, `unexpected ${describe(i)}; expected \`,\` or \`${top.char === '{' ? '}' : ']'}\``);
    }

    if (expect === 'colon') {
      if (c === ':') {
        i++;
        expect = 'value';
        continue;
      }
      return fail(lastEnd, 'missing `:` after the property name');
    }

    if (expect === 'key') {
      if (c === '"') {
        const end = stringEnd(s, i);
        if (typeof end !== 'number') return fail(end.offset, end.message);
        i = end;
        lastEnd = i;
        comma = -1;
        expect = 'colon';
        continue;
      }
      if (c === '}') {
        if (comma >= 0) return fail(comma, 'trailing comma before `}`');
        stack.pop();
        i++;
        lastEnd = i;
        expect = 'after';
        continue;
      }
      if (c === ']') return fail(i, `\`]\` does not close the \`{\` ${where(top!)}; expected \`}\``);
      if (c === "'") return fail(i, 'property names need double quotes, not single quotes');
      WORD.lastIndex = i;
      const word = WORD.exec(s);
      if (word) return fail(i, `property name \`${word[0]}\` must be in double quotes`);
      return fail(
        i,
        `unexpected ${describe(i)}; expected a property name in double quotes${comma >= 0 ? '' : ' or `}`'}`,
      );
    }

    // expect === 'value'
    if (c === '{' || c === '[') {
      if (stack.length >= MAX_JSON_DEPTH) {
        return { offset: i, message: nestingMessage(jsonDepth(s)), kind: 'nesting-depth' };
      }
      stack.push({ char: c, offset: i });
      i++;
      comma = -1;
      sawValue = true;
      expect = c === '{' ? 'key' : 'value';
      continue;
    }
    if (c === ']' && top?.char === '[') {
      // Right after `[` (an empty array) or after a comma: nothing else leaves a value expected in an array.
      if (comma >= 0) return fail(comma, 'trailing comma before `]`');
      stack.pop();
      i++;
      lastEnd = i;
      expect = 'after';
      continue;
    }
    if (c === '}' || c === ']') {
      if (top && (c === '}') === (top.char === '{')) return fail(i, `missing value before \`${c}\``);
      return fail(
        i,
        top ? `\`${c}\` does not close the \`${top.char}\` ${where(top)}` : `unexpected \`${c}\` with nothing open`,
      );
    }
    if (c === ',') return fail(i, top ? 'missing value before `,`' : 'unexpected `,`');
    if (c === ':') return fail(i, 'unexpected `:`');
    if (c === '"') {
      const end = stringEnd(s, i);
      if (typeof end !== 'number') return fail(end.offset, end.message);
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(s);
      const next = s[i + (m?.[0].length ?? 0)];
      if (!m || m[0] === '-' || (next !== undefined && /[0-9.eExX]/.test(next))) return fail(i, numberProblem(s, i));
      i += m[0].length;
    } else if (c === "'") {
      return fail(i, 'strings need double quotes, not single quotes');
    } else if (c === '+' || c === '.') {
      return fail(i, numberProblem(s, i));
    } else {
      WORD.lastIndex = i;
      const word = WORD.exec(s);
      if (!word) return fail(i, `unexpected ${describe(i)}`);
      if (word[0] !== 'true' && word[0] !== 'false' && word[0] !== 'null') {
        return fail(
          i,
          `\`${word[0]}\` is not a JSON value (JSON has true, false, null, numbers, "strings", arrays and objects)`,
        );
      }
      i += word[0].length;
    }
    lastEnd = i;
    comma = -1;
    sawValue = true;
    expect = 'after';
  }

  const open = stack[stack.length - 1];
  if (open) return fail(open.offset, `this \`${open.char}\` is never closed (the file ends first)`);
  if (!sawValue) return fail(0, 'the file is empty (a JSON file holds one value)');
  return undefined;
}

/** The message of a text nesting `depth` levels deep. */
export function nestingMessage(depth: number): string {
  return `nesting depth ${formatGrouped(depth)} exceeds the limit of ${MAX_JSON_DEPTH} (arrays and objects inside each other)`;
}

/** How deep the arrays and objects of a JSON text nest (brackets inside strings skipped). */
export function jsonDepth(s: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < s.length && s.charCodeAt(i) !== 0x22; i++) if (s.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x7b || c === 0x5b) max = Math.max(max, ++depth);
    else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

/** The offset just past the string opening at `start`, or where and why it is broken. */
function stringEnd(s: string, start: number): number | { offset: number; message: string } {
  let i = start + 1;
  for (;;) {
    if (i >= s.length) return { offset: start, message: 'this string is never closed (the file ends first)' };
    const c = s.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0x5c) {
      const e = s[i + 1];
      if (e === 'u') {
        if (!/^[0-9A-Fa-f]{4}$/.test(s.slice(i + 2, i + 6)))
          return { offset: i, message: '`\\u` needs four hex digits' };
        i += 6;
      } else if (e !== undefined && ESCAPES.has(e)) i += 2;
      else
        return {
          offset: i,
          message: `invalid escape \`\\${e ?? ''}\` in a string (JSON has \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)`,
        };
      continue;
    }
    if (c === 0x0a || c === 0x0d)
      return {
        offset: start,
        message: 'this string is not closed before the end of the line (write \\n for a line break)',
      };
    if (c < 0x20)
      return {
        offset: i,
        message: `control character U+${c.toString(16).toUpperCase().padStart(4, '0')} inside a string (escape it, e.g. \\t)`,
      };
    i++;
  }
}

function numberProblem(s: string, i: number): string {
  const token = /^[-+.0-9A-Za-z]+/.exec(s.slice(i, i + 40))?.[0] ?? s[i]!;
  if (token.startsWith('+')) return `\`${token}\`: a number cannot start with \`+\``;
  if (/^-?\./.test(token)) return `\`${token}\`: a number needs a digit before \`.\``;
  if (/^-?0[0-9]/.test(token)) return `\`${token}\`: a number cannot have a leading zero`;
  if (/^-?0[xX]/.test(token)) return `\`${token}\`: JSON numbers are decimal`;
  if (/\.$|\.[eE]/.test(token)) return `\`${token}\`: a number needs a digit after \`.\``;
  if (/^-?(Infinity|NaN)/.test(token)) return `\`${token}\` is not a JSON value`;
  return `\`${token}\` is not a valid number`;
}
