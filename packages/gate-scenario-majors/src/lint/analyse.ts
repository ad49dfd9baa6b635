import type { Argument, Expression, MemberExpression, Node, StringLiteral, TemplateLiteral } from 'oxc-parser';
import { keyName, staticString, templateText, unparen } from './ast.js';
import { afterV2EarlyExit, v1OnlyChild } from './majors.js';
import type { ParsedModule } from './parser.js';
import { buildScopes } from './scope.js';
import type { Scope } from './scope.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

export type LintRule = 'R1' | 'R2';

/** A finding before pragmas: its rule, UTF-16 offset, and (R2) the literal's text. */
export interface Finding {
  rule: LintRule;
  start: number;
  end: number;
  text?: string;
}

/** A relative import the lint follows, at its specifier's offset. */
export interface ImportRef {
  specifier: string;
  start: number;
}

export interface ModuleAnalysis {
  findings: Finding[];
  imports: ImportRef[];
}

/** Callee property names whose first argument is a request path (any receiver). */
const REQUEST_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'request', 'fetch']);

/** Seam prefixes the driver rewrites at major 2, so a /v1 literal starting with one is fine. */
const SEAM_PREFIXES = ['/v1/host/sample/', '/v1/host/workspace/files', '/v1/packs-test/'];

const SCHEME_AUTHORITY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/** Whether a literal's text is a /v1 request path (after any scheme://authority) outside the seams. */
export function isV1RequestPath(text: string): boolean {
  const path = text.replace(SCHEME_AUTHORITY, '');
  if (path !== '/v1' && !path.startsWith('/v1/') && !path.startsWith('/v1?')) return false;
  return !SEAM_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Walks one module and returns its R1 and R2 findings (pragmas not yet applied) and the relative
 * imports to follow (`import type` and `export type` skipped). A first walk records every scope and
 * binding; the second marks, on entering an `if`, a conditional, a logical expression or a
 * statement list, the children that only run at major 1, and counts how many such regions it is in.
 */
export function analyseModule(parsed: ParsedModule): ModuleAnalysis {
  const scopes = buildScopes(parsed);
  const findings: Finding[] = [];
  const imports: ImportRef[] = [];
  /** Request-path arguments, with the scope they are read in and whether their call is v1-only. */
  const requests: { arg: Expression; scope: Scope; v1Only: boolean }[] = [];
  /** Whether each string or template literal sits in a v1-only region. */
  const literalV1Only = new Map<Node, boolean>();
  /** Roots of v1-only regions, marked by their parent before they are entered. */
  const v1Roots = new Set<Node>();
  let v1Depth = 0;
  /** Member expressions written, not read: targets of `=`, of a for-in/of head or of `delete`. */
  const written = new Set<MemberExpression>();
  let scope = scopes.get(parsed.program)!;

  const addImport = (source: Expression | null): void => {
    const specifier = source ? staticString(source) : undefined;
    if (specifier !== undefined && (specifier.startsWith('./') || specifier.startsWith('../')))
      imports.push({ specifier, start: source!.start });
  };
  const r1 = (at: Node): void => {
    findings.push({ rule: 'R1', start: at.start, end: at.end });
  };
  const request = (first: Argument | undefined, v1Only: boolean): void => {
    if (first && first.type !== 'SpreadElement') requests.push({ arg: first, scope, v1Only });
  };

  const enter = (node: Node): void => {
    scope = scopes.get(node) ?? scope;
    if (v1Roots.has(node)) v1Depth += 1;
    const v1Only = v1Depth > 0;
    const v1Child = v1OnlyChild(node, scope);
    if (v1Child) v1Roots.add(v1Child);
    switch (node.type) {
      case 'Program':
      case 'BlockStatement':
      case 'StaticBlock':
        for (const statement of afterV2EarlyExit(node.body, scope)) v1Roots.add(statement);
        break;
      case 'SwitchCase':
        for (const statement of afterV2EarlyExit(node.consequent, scope)) v1Roots.add(statement);
        break;
      case 'Literal':
      case 'TemplateLiteral':
        literalV1Only.set(node, v1Only);
        break;
      case 'AssignmentExpression':
        if (node.operator === '=') markWritten(node.left, written);
        break;
      case 'ForInStatement':
      case 'ForOfStatement':
        if (node.left.type !== 'VariableDeclaration') markWritten(node.left, written);
        break;
      case 'UnaryExpression':
        if (node.operator === 'delete' && node.argument.type === 'MemberExpression') written.add(node.argument);
        break;
      case 'MemberExpression': {
        const named = node.computed
          ? staticString(node.property)
          : node.property.type === 'Identifier'
            ? node.property.name
            : undefined;
        if (named === 'supported' && !v1Only && !written.has(node)) r1(node.property);
        break;
      }
      case 'ObjectPattern':
        if (!v1Only)
          for (const p of node.properties) if (p.type === 'Property' && keyName(p) === 'supported') r1(p.key);
        break;
      case 'CallExpression': {
        const callee = unparen(node.callee);
        const method =
          callee.type === 'MemberExpression'
            ? callee.computed
              ? staticString(callee.property)
              : callee.property.name
            : undefined;
        if (
          (method !== undefined && REQUEST_METHODS.has(method)) ||
          (callee.type === 'Identifier' && callee.name === 'fetch')
        )
          request(node.arguments[0], v1Only);
        break;
      }
      case 'NewExpression': {
        const callee = unparen(node.callee);
        if (callee.type === 'Identifier' && callee.name === 'URL') request(node.arguments[0], v1Only);
        break;
      }
      case 'ImportDeclaration':
        if (node.importKind !== 'type') addImport(node.source);
        break;
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        if (node.exportKind !== 'type') addImport(node.source);
        break;
      case 'ImportExpression':
        addImport(node.source);
        break;
    }
  };
  const exit = (node: Node): void => {
    if (v1Roots.has(node)) v1Depth -= 1;
    if (scopes.get(node) === scope && scope.up) scope = scope.up;
  };
  parsed.walk(enter, exit);

  // R2: the literals each request-path argument reaches, reported once each at their own position.
  const reported = new Set<number>();
  for (const { arg, scope: at, v1Only } of requests) {
    if (v1Only) continue;
    for (const literal of reachedLiterals(arg, at)) {
      if (literalV1Only.get(literal) === true || reported.has(literal.start)) continue;
      const text = literal.type === 'TemplateLiteral' ? templateText(literal.quasis[0]) : staticString(literal);
      if (text === undefined || !isV1RequestPath(text)) continue;
      reported.add(literal.start);
      findings.push({ rule: 'R2', start: literal.start, end: literal.end, text });
    }
  }
  findings.sort((a, b) => a.start - b.start || compareCodeUnits(a.rule, b.rule));
  return { findings, imports };
}

/** Adds the member expressions an assignment target writes, also through destructuring (`({ a: x.supported } = o)`). */
function markWritten(target: Node, written: Set<MemberExpression>): void {
  const stack = [target];
  while (stack.length > 0) {
    const t = stack.pop()!;
    switch (t.type) {
      case 'MemberExpression':
        written.add(t);
        break;
      case 'ArrayPattern':
        for (const element of t.elements) if (element) stack.push(element);
        break;
      case 'ObjectPattern':
        for (const property of t.properties)
          stack.push(property.type === 'RestElement' ? property.argument : property.value);
        break;
      case 'AssignmentPattern':
        stack.push(t.left);
        break;
      case 'RestElement':
        stack.push(t.argument);
        break;
    }
  }
}

/**
 * The string and template literals a request-path argument reaches: through parentheses (and type
 * assertions), the left-most operand of a `+` chain, both branches of a conditional, and names that
 * resolve, where they are read, to a `const` (whose initialiser is read in the const's own scope).
 */
function reachedLiterals(start: Expression, scope: Scope): (StringLiteral | TemplateLiteral)[] {
  const out: (StringLiteral | TemplateLiteral)[] = [];
  const seen = new Set<Node>();
  const stack: [Node, Scope][] = [[start, scope]];
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    switch (node.type) {
      case 'ParenthesizedExpression':
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
        stack.push([node.expression, at]);
        break;
      case 'BinaryExpression':
        if (node.operator === '+') stack.push([node.left, at]);
        break;
      case 'ConditionalExpression':
        stack.push([node.alternate, at], [node.consequent, at]);
        break;
      case 'Identifier': {
        const binding = at.resolve(node.name);
        if (binding?.kind === 'const') stack.push([binding.init, binding.scope]);
        break;
      }
      case 'Literal':
        if (typeof node.value === 'string') out.push(node);
        break;
      case 'TemplateLiteral':
        out.push(node);
        break;
    }
  }
  return out;
}
