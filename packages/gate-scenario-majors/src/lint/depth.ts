/**
 * How deep a TypeScript source may nest before any parser sees it. oxc-parser's native parser
 * recurses on the thread's stack and kills the process (SIGSEGV, no output) at a few thousand
 * levels of some constructs, so the text is first measured by a linear scan that cannot
 * overflow. The scenario files nest below 30.
 */
export const MAX_TS_DEPTH = 256;

/** The deepest nesting of a source, and where it first exceeded MAX_TS_DEPTH (a UTF-16 offset). */
export interface DepthScan {
  depth: number;
  exceededAt?: number;
}

type Kind = '(' | '[' | '{' | '${' | '<' | 'top';

interface Frame {
  kind: Kind;
  /** The depth around the frame when it opened. */
  base: number;
  /** Nesting tokens read in this frame since its last list or statement boundary. */
  chain: number;
  /** `(` of an `if`/`for`/`while`/`with` head: a statement, not a value, follows its `)`. */
  head?: boolean;
  /** `{` whose `}` ends a value (an object literal, a function or class expression's body). */
  value?: boolean;
}

// Words that nest what follows inside what precedes them: an `if` body, a unary operand, a type
// operand, the right side of `in`/`as`/`extends`. Each counts one level until a boundary.
const NESTING = new Set([
  'if',
  'for',
  'while',
  'do',
  'with',
  'new',
  'await',
  'typeof',
  'void',
  'delete',
  'yield',
  'in',
  'of',
  'instanceof',
  'as',
  'satisfies',
  'keyof',
  'infer',
  'extends',
  'is',
  'unique',
  'readonly',
  'asserts',
]);
/** Words that only begin a statement or a clause: the chain before them is over. */
const STATEMENT = new Set(['return', 'throw', 'break', 'continue', 'case', 'default', 'var', 'let']);
/** Words after which an expression may still follow, so they end none (a `/` after them starts a regex). */
const NOT_ENDING = new Set([
  ...NESTING,
  ...STATEMENT,
  'else',
  'const',
  'function',
  'class',
  'async',
  'get',
  'set',
  'static',
  'abstract',
  'declare',
  'public',
  'private',
  'protected',
  'override',
  'accessor',
  'export',
  'import',
  'from',
  'type',
  'namespace',
  'module',
  'enum',
  'interface',
  'implements',
  'try',
  'catch',
  'finally',
  'switch',
  'debugger',
  'out',
]);
/** Words that continue what precedes them: no statement starts at them. */
const CONTINUING = new Set([
  'else',
  'catch',
  'finally',
  'in',
  'of',
  'instanceof',
  'as',
  'satisfies',
  'extends',
  'implements',
  'is',
]);
const HEADS = new Set(['if', 'for', 'while', 'with']);
/** Tokens after which a `function` or `class` is a declaration (a statement), not an expression. */
const STATEMENT_POSITION = new Set(['', ';', '{', '}', 'else', 'do', 'export', 'default', 'declare', 'abstract']);
/** Operator characters read as one token (`<`, `>`, `/` and `.` have their own rules). */
const OPERATOR = '=+-*%&|^!~?:@';

const isIdentStart = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || c === 35 || c >= 0x80;
const isIdentPart = (c: number): boolean => isIdentStart(c) || (c >= 48 && c <= 57) || c === 92;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;

/**
 * One pass over a TypeScript/JavaScript source measuring how deeply it nests: every open bracket
 * (`(`, `[`, `{`, a template's `${`, the `<` of a type argument list) is a level, and so is every
 * nesting token since the last `;`, `,` or statement start at that bracket level: operators,
 * nesting keywords, member accesses, calls and indexes (a chain `a.b()` is a tree as deep as it is
 * long). Strings, templates, comments and regular expressions are skipped as a tokenizer skips
 * them. The measure over-approximates the depth of the syntax tree. Because a tokenizer can be
 * misled (a regular expression taken for a division), no line may also open more brackets than
 * the limit counting every character, so nesting cannot hide in text misread as a literal.
 */
export function scanDepth(text: string): DepthScan {
  const stack: Frame[] = [{ kind: 'top', base: -1, chain: 0 }];
  const open = new Map<Kind, number>();
  let max = 0;
  let exceededAt: number | undefined;
  /** Whether the last token can end an expression: then `/` divides, `(` calls, and a word starts a statement. */
  let ended = false;
  /** The last word or punctuator read ('' before the first). */
  let last = '';
  /** A `function` or `class` was read: whether its body closes an expression, and at which stack height. */
  let body: { height: number; value: boolean } | undefined;
  let i = 0;

  const top = (): Frame => stack[stack.length - 1]!;
  const note = (at: number): void => {
    const d = top().base + 1 + top().chain;
    if (d > max) max = d;
    if (d > MAX_TS_DEPTH && exceededAt === undefined) exceededAt = at;
  };
  const bump = (at: number): void => {
    top().chain++;
    note(at);
  };
  const push = (kind: Kind, at: number, extra: Partial<Frame> = {}): void => {
    stack.push({ kind, base: top().base + 1 + top().chain, chain: 0, ...extra });
    open.set(kind, (open.get(kind) ?? 0) + 1);
    note(at);
  };
  const truncate = (height: number): void => {
    while (stack.length > height) {
      const kind = stack.pop()!.kind;
      open.set(kind, open.get(kind)! - 1);
    }
  };
  /** Closes the innermost frame of `kind` and whatever is open inside it; a closer with nothing to close is ignored. */
  const close = (kind: Kind): Frame | undefined => {
    if (!open.get(kind)) return undefined;
    let k = stack.length - 1;
    while (stack[k]!.kind !== kind) k--;
    const frame = stack[k]!;
    truncate(k);
    return frame;
  };
  /** A statement boundary: the current frame's chain is over, and so are `<` comparisons left open in it. */
  const boundary = (): void => {
    while (top().kind === '<') truncate(stack.length - 1);
    top().chain = 0;
  };
  /** Whether the next token after `from` (past whitespace and comments) is the word `else`. */
  const elseFollows = (from: number): boolean => {
    let j = from;
    for (;;) {
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text.startsWith('//', j)) j = text.indexOf('\n', j) < 0 ? text.length : text.indexOf('\n', j);
      else if (text.startsWith('/*', j))
        j = text.indexOf('*/', j + 2) < 0 ? text.length : text.indexOf('*/', j + 2) + 2;
      else break;
    }
    return text.startsWith('else', j) && !isIdentPart(text.charCodeAt(j + 4));
  };
  /** From inside a template literal: just past its closing backtick, or just past a `${` (opened as a frame). */
  const template = (from: number): number => {
    let j = from;
    while (j < text.length) {
      const c = text.charCodeAt(j);
      if (c === 92) j += 2;
      else if (c === 96) return j + 1;
      else if (c === 36 && text.charCodeAt(j + 1) === 123) {
        push('${', j);
        return j + 2;
      } else j++;
    }
    return j;
  };
  /** A value begins here (a word, a number, a string): after a value or a block, that starts a new statement. */
  const valueStarts = (word?: string): void => {
    if ((ended || last === '}') && (word === undefined || !CONTINUING.has(word))) boundary();
  };

  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (
      c === 32 ||
      c === 10 ||
      c === 13 ||
      c === 9 ||
      c === 11 ||
      c === 12 ||
      c === 0xa0 ||
      c === 0xfeff ||
      c === 0x2028 ||
      c === 0x2029
    ) {
      i++;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 47) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl;
      continue;
    }
    if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
      continue;
    }
    if (i === 0 && c === 35 && text.charCodeAt(1) === 33) {
      const nl = text.indexOf('\n');
      i = nl < 0 ? text.length : nl;
      continue;
    }

    if (isIdentStart(c) || (c === 92 && text.charCodeAt(i + 1) === 117)) {
      let j = i + 1;
      while (j < text.length && isIdentPart(text.charCodeAt(j))) j++;
      const word = text.slice(i, j);
      valueStarts(word);
      if (STATEMENT.has(word) || (word === 'const' && last !== 'as' && last !== '<')) boundary();
      else if (NESTING.has(word)) bump(i);
      // After a value (a line break ended its statement) or in statement position, a declaration.
      if (word === 'function' || word === 'class')
        body = { height: stack.length, value: !(ended || STATEMENT_POSITION.has(last)) };
      ended = !NOT_ENDING.has(word);
      // `async function`: what decides is the token before `async`.
      if (word !== 'async') last = word;
      i = j;
      continue;
    }
    if (isDigit(c) || (c === 46 && isDigit(text.charCodeAt(i + 1)))) {
      valueStarts();
      let j = i + 1;
      while (j < text.length && (isIdentPart(text.charCodeAt(j)) || text.charCodeAt(j) === 46)) j++;
      ended = true;
      last = '0';
      i = j;
      continue;
    }
    if (c === 34 || c === 39) {
      valueStarts();
      let j = i + 1;
      while (j < text.length) {
        const d = text.charCodeAt(j);
        if (d === 92) j += 2;
        else if (d === c) {
          j++;
          break;
        } else if (d === 10) break;
        else j++;
      }
      ended = true;
      last = '"';
      i = j;
      continue;
    }
    if (c === 96) {
      // A template after a value is tagged: a call.
      if (ended) bump(i);
      const height = stack.length;
      i = template(i + 1);
      ended = stack.length === height;
      last = '`';
      continue;
    }
    if (c === 47 && !ended) {
      // A regular expression: to its closing slash (not inside a class), or the end of the line.
      let j = i + 1;
      let inClass = false;
      while (j < text.length) {
        const d = text.charCodeAt(j);
        if (d === 10) break;
        j += d === 92 ? 2 : 1;
        if (d === 91) inClass = true;
        else if (d === 93) inClass = false;
        else if (d === 47 && !inClass) break;
      }
      while (j < text.length && isIdentPart(text.charCodeAt(j))) j++;
      ended = true;
      last = '/';
      i = j;
      continue;
    }

    const ch = text[i]!;
    if (ch === '(' || ch === '[') {
      // After a value: a call or an index, one level more for the callee or object.
      if (ended) bump(i);
      push(ch, i, ch === '(' && HEADS.has(last) ? { head: true } : {});
      ended = false;
      last = ch;
      i++;
      continue;
    }
    if (ch === '{') {
      let value: boolean;
      if (body && body.height === stack.length && last !== '=>') {
        // The body of a function or class: an expression's ends a value.
        value = body.value;
        body = undefined;
      } else {
        // A block after a value (`) {`), `=>`, a statement boundary or `else`/`do`/`try`/`finally`; else an object literal.
        value = !(
          ended ||
          last === '=>' ||
          last === '' ||
          last === ';' ||
          last === '{' ||
          last === '}' ||
          last === 'else' ||
          last === 'do' ||
          last === 'try' ||
          last === 'finally'
        );
      }
      push('{', i, value ? { value: true } : {});
      ended = false;
      last = '{';
      i++;
      continue;
    }
    if (ch === ')' || ch === ']') {
      const frame = close(ch === ')' ? '(' : '[');
      ended = !frame?.head;
      last = frame?.head ? ';' : ch;
      i++;
      continue;
    }
    if (ch === '}') {
      let k = stack.length - 1;
      while (stack[k]!.kind === '<') k--;
      if (stack[k]!.kind === '${') {
        truncate(k);
        const height = stack.length;
        i = template(i + 1);
        ended = stack.length === height;
        last = '`';
        continue;
      }
      const frame = close('{');
      ended = frame?.value === true;
      last = '}';
      i++;
      continue;
    }
    if (ch === ';') {
      // `if (a) b; else c`: the `else` still belongs to the `if`, so its chain goes on.
      if (!elseFollows(i + 1)) boundary();
      ended = false;
      last = ';';
      i++;
      continue;
    }
    if (ch === ',') {
      // Ends a list item; a `<` still open is a type argument list (`A<b, C<d>>`), not a comparison.
      top().chain = 0;
      ended = false;
      last = ',';
      i++;
      continue;
    }
    if (ch === '<' && text[i + 1] !== '<' && text[i + 1] !== '=') {
      push('<', i);
      ended = false;
      last = '<';
      i++;
      continue;
    }
    if (ch === '>' && top().kind === '<') {
      truncate(stack.length - 1);
      ended = true;
      last = '>';
      i++;
      continue;
    }
    if (ch === '.' || (ch === '?' && text[i + 1] === '.' && !isDigit(text.charCodeAt(i + 2)))) {
      // A member access or a spread: one level each.
      const length = ch === '?' ? 2 : text.startsWith('...', i) ? 3 : 1;
      bump(i);
      ended = false;
      last = '.';
      i += length;
      continue;
    }
    let j = i + 1;
    if (ch === '=' && text[i + 1] === '>') j = i + 2;
    else if (ch === '<' || ch === '>') while (j < text.length && (text[j] === ch || text[j] === '=')) j++;
    else if (ch === '/') j = text[i + 1] === '=' ? i + 2 : i + 1;
    else if (OPERATOR.includes(ch)) while (j < text.length && OPERATOR.includes(text[j]!)) j++;
    const op = text.slice(i, j);
    // A postfix `++`/`--` ends the value before it; everything else leaves a value to come. A run
    // of operator characters counts each (`!!!!a` nests four deep).
    if (!(ended && (op === '++' || op === '--'))) {
      top().chain += op.length - 1;
      bump(i);
      ended = false;
    }
    last = op;
    i = j;
  }

  return lineCheck(text, { depth: max, ...(exceededAt !== undefined ? { exceededAt } : {}) });
}

/** The guard that does not trust the tokenizer: no line may open more than MAX_TS_DEPTH brackets, counting every character. */
function lineCheck(text: string, scan: DepthScan): DepthScan {
  let depth = 0;
  let deepest = 0;
  let at: number | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) depth = 0;
    else if (c === 40 || c === 91 || c === 123) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (depth > MAX_TS_DEPTH && at === undefined) at = i;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  if (at === undefined) return scan;
  return {
    depth: Math.max(scan.depth, deepest),
    exceededAt: scan.exceededAt === undefined ? at : Math.min(scan.exceededAt, at),
  };
}
