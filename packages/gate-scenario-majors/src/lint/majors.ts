import { child, childList, isFunction, isNode, str, unparen } from './ast.js';
import type { AstNode } from './ast.js';

export type Selected = 'v1' | 'v2';

/** The chain of enclosing functions (innermost first), ending at the program. */
export interface Scope {
  node: AstNode;
  up: Scope | undefined;
}

/**
 * Names bound by `const x = targetMajor()` per function (or the program), so a test on `x` counts as
 * a major test in that function and the functions nested in it.
 */
export type MajorConsts = ReadonlyMap<AstNode, ReadonlySet<string>>;

/** A call `targetMajor()` (also `ns.targetMajor()` through a namespace import), parentheses allowed. */
export function isTargetMajorCall(node: AstNode): boolean {
  const n = unparen(node);
  if (n.type !== 'CallExpression' || childList(n, 'arguments').length > 0) return false;
  const callee = unparen(child(n, 'callee') ?? n);
  if (callee.type === 'Identifier') return str(callee, 'name') === 'targetMajor';
  if (callee.type === 'MemberExpression' && callee['computed'] !== true) return str(child(callee, 'property') ?? callee, 'name') === 'targetMajor';
  return false;
}

function isMajorValue(node: AstNode, scope: Scope | undefined, consts: MajorConsts): boolean {
  const n = unparen(node);
  if (isTargetMajorCall(n)) return true;
  if (n.type !== 'Identifier') return false;
  const name = str(n, 'name')!;
  for (let s = scope; s; s = s.up) if (consts.get(s.node)?.has(name)) return true;
  return false;
}

function majorLiteral(node: AstNode): 1 | 2 | undefined {
  const n = unparen(node);
  return n.type === 'Literal' && (n['value'] === 1 || n['value'] === 2) ? (n['value'] as 1 | 2) : undefined;
}

const EQUALITY = new Set(['===', '==']);
const INEQUALITY = new Set(['!==', '!=']);

/**
 * The major test of §3.5: `X op N` or `N op X` with X the major and N the literal 1 or 2. Equality
 * with 1 or inequality with 2 selects v1, the other two select v2; `!(test)` flips the result.
 */
export function selects(test: AstNode, scope: Scope | undefined, consts: MajorConsts): Selected | undefined {
  const t = unparen(test);
  if (t.type === 'UnaryExpression' && t['operator'] === '!') {
    const arg = child(t, 'argument');
    if (!arg || arg.type !== 'ParenthesizedExpression') return undefined;
    const inner = selects(arg, scope, consts);
    return inner === 'v1' ? 'v2' : inner === 'v2' ? 'v1' : undefined;
  }
  if (t.type !== 'BinaryExpression') return undefined;
  const op = str(t, 'operator')!;
  if (!EQUALITY.has(op) && !INEQUALITY.has(op)) return undefined;
  const left = child(t, 'left')!;
  const right = child(t, 'right')!;
  const n = isMajorValue(left, scope, consts) ? majorLiteral(right) : isMajorValue(right, scope, consts) ? majorLiteral(left) : undefined;
  if (n === undefined) return undefined;
  return EQUALITY.has(op) === (n === 1) ? 'v1' : 'v2';
}

/** Whether a then-branch always exits: it is, or its block ends with, a `return` or `throw`. */
function alwaysExits(node: AstNode): boolean {
  if (node.type === 'ReturnStatement' || node.type === 'ThrowStatement') return true;
  if (node.type !== 'BlockStatement') return false;
  const last = childList(node, 'body').at(-1);
  return last !== undefined && (last.type === 'ReturnStatement' || last.type === 'ThrowStatement');
}

/**
 * An `if` with no else whose test selects v2 and whose then-branch always exits: the statements after
 * it in the same block only run at major 1.
 */
export function isV2EarlyExit(statement: AstNode, scope: Scope | undefined, consts: MajorConsts): boolean {
  if (statement.type !== 'IfStatement' || isNode(statement['alternate'])) return false;
  return selects(child(statement, 'test')!, scope, consts) === 'v2' && alwaysExits(child(statement, 'consequent')!);
}

/** Whether the child at `key` of `node` is a v1-only region by the branch and operand rules. */
export function opensV1Region(node: AstNode, key: string, scope: Scope | undefined, consts: MajorConsts): boolean {
  switch (node.type) {
    case 'IfStatement':
    case 'ConditionalExpression': {
      if (key !== 'consequent' && key !== 'alternate') return false;
      const selected = selects(child(node, 'test')!, scope, consts);
      return key === 'consequent' ? selected === 'v1' : selected === 'v2';
    }
    case 'LogicalExpression': {
      if (key !== 'right') return false;
      const selected = selects(child(node, 'left')!, scope, consts);
      return (node['operator'] === '&&' && selected === 'v1') || (node['operator'] === '||' && selected === 'v2');
    }
    default:
      return false;
  }
}

/**
 * One pass over a module collecting, per function (and the program), the names bound by
 * `const x = targetMajor()`, and, file-wide, every `const` name with its initialiser (for R2).
 */
export function collectBindings(program: AstNode, keysOf: (node: AstNode) => readonly string[]): { majorConsts: Map<AstNode, Set<string>>; constInits: Map<string, AstNode[]> } {
  const majorConsts = new Map<AstNode, Set<string>>();
  const constInits = new Map<string, AstNode[]>();
  const visit = (node: AstNode, fn: AstNode): void => {
    if (node.type === 'VariableDeclaration' && node['kind'] === 'const') {
      for (const d of childList(node, 'declarations')) {
        const id = child(d, 'id');
        const init = child(d, 'init');
        if (id?.type !== 'Identifier' || !init) continue;
        const name = str(id, 'name')!;
        if (isTargetMajorCall(init)) {
          const names = majorConsts.get(fn) ?? new Set<string>();
          names.add(name);
          majorConsts.set(fn, names);
        }
        const inits = constInits.get(name) ?? [];
        inits.push(init);
        constInits.set(name, inits);
      }
    }
    const inner = isFunction(node) ? node : fn;
    for (const key of keysOf(node)) {
      const value = node[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) visit(item, inner);
      } else if (isNode(value)) visit(value, inner);
    }
  };
  visit(program, program);
  return { majorConsts, constInits };
}
