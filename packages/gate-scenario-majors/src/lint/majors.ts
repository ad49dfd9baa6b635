import type { Directive, Expression, Node, Statement } from 'oxc-parser';
import { unparen } from './ast.js';
import type { Scope } from './scope.js';

export type Selected = 'v1' | 'v2';

/** A call `targetMajor()` (also `ns.targetMajor()` through a namespace import), parentheses allowed. */
export function isTargetMajorCall(node: Expression): boolean {
  const n = unparen(node);
  if (n.type !== 'CallExpression' || n.arguments.length > 0) return false;
  const callee = unparen(n.callee);
  if (callee.type === 'Identifier') return callee.name === 'targetMajor';
  if (callee.type === 'MemberExpression' && !callee.computed) return callee.property.name === 'targetMajor';
  return false;
}

/** `targetMajor()`, or a name that resolves, in `scope`, to a `const` bound to it. */
function isMajorValue(node: Expression, scope: Scope): boolean {
  const n = unparen(node);
  if (isTargetMajorCall(n)) return true;
  if (n.type !== 'Identifier') return false;
  const binding = scope.resolve(n.name);
  return binding?.kind === 'const' && isTargetMajorCall(binding.init);
}

function majorLiteral(node: Expression): 1 | 2 | undefined {
  const n = unparen(node);
  return n.type === 'Literal' && (n.value === 1 || n.value === 2) ? n.value : undefined;
}

const EQUALITY = new Set(['===', '==']);
const INEQUALITY = new Set(['!==', '!=']);

/**
 * The major test of §3.5: `X op N` or `N op X` with X the major and N the literal 1 or 2. Equality
 * with 1 or inequality with 2 selects v1, the other two select v2; `!(test)` flips the result.
 */
export function selects(test: Expression, scope: Scope): Selected | undefined {
  const t = unparen(test);
  if (t.type === 'UnaryExpression' && t.operator === '!') {
    if (t.argument.type !== 'ParenthesizedExpression') return undefined;
    const inner = selects(t.argument, scope);
    return inner === 'v1' ? 'v2' : inner === 'v2' ? 'v1' : undefined;
  }
  if (t.type !== 'BinaryExpression' || t.left.type === 'PrivateIdentifier') return undefined;
  if (!EQUALITY.has(t.operator) && !INEQUALITY.has(t.operator)) return undefined;
  const n = isMajorValue(t.left, scope)
    ? majorLiteral(t.right)
    : isMajorValue(t.right, scope)
      ? majorLiteral(t.left)
      : undefined;
  if (n === undefined) return undefined;
  return EQUALITY.has(t.operator) === (n === 1) ? 'v1' : 'v2';
}

/** Whether a then-branch always exits: it is, or its block ends with, a `return` or `throw`. */
function alwaysExits(node: Statement): boolean {
  if (node.type === 'ReturnStatement' || node.type === 'ThrowStatement') return true;
  if (node.type !== 'BlockStatement') return false;
  const last = node.body.at(-1);
  return last !== undefined && (last.type === 'ReturnStatement' || last.type === 'ThrowStatement');
}

/** An `if` with no else whose test selects v2 and whose then-branch always exits. */
function isV2EarlyExit(statement: Directive | Statement, scope: Scope): boolean {
  return (
    statement.type === 'IfStatement' &&
    statement.alternate === null &&
    selects(statement.test, scope) === 'v2' &&
    alwaysExits(statement.consequent)
  );
}

/** The statements of a list that only run at major 1: those after a v2 early exit. */
export function afterV2EarlyExit(
  statements: readonly (Directive | Statement)[],
  scope: Scope,
): readonly (Directive | Statement)[] {
  const exit = statements.findIndex((s) => isV2EarlyExit(s, scope));
  return exit < 0 ? [] : statements.slice(exit + 1);
}

/**
 * The child of an `if`, a conditional or a logical expression that only runs at major 1: the
 * then-branch of a v1 test, the else-branch of a v2 test, the right of `&&` after a v1 test or of
 * `||` after a v2 test.
 */
export function v1OnlyChild(node: Node, scope: Scope): Node | undefined {
  switch (node.type) {
    case 'IfStatement':
    case 'ConditionalExpression': {
      const selected = selects(node.test, scope);
      return selected === 'v1' ? node.consequent : selected === 'v2' ? (node.alternate ?? undefined) : undefined;
    }
    case 'LogicalExpression': {
      const selected = selects(node.left, scope);
      return (node.operator === '&&' && selected === 'v1') || (node.operator === '||' && selected === 'v2')
        ? node.right
        : undefined;
    }
    default:
      return undefined;
  }
}
