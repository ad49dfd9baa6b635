import { child, childList, isFunction, isNode, keyName, staticString, str, templateText, unparen } from './ast.js';
import type { AstNode } from './ast.js';
import { collectBindings, isV2EarlyExit, opensV1Region } from './majors.js';
import type { MajorConsts, Scope } from './majors.js';
import type { ParsedModule } from './parser.js';

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

/** Expression wrappers that change nothing at run time. */
const TRANSPARENT = new Set(['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion']);

/**
 * Walks one module once and returns its R1 and R2 findings (pragmas not yet applied) and the
 * relative imports to follow (`import type` and `export type` skipped).
 */
export function analyseModule(parsed: ParsedModule): ModuleAnalysis {
  const keysOf = (node: AstNode): readonly string[] => parsed.visitorKeys[node.type] ?? Object.keys(node).filter((k) => k !== 'type' && k !== 'start' && k !== 'end');
  const { majorConsts, constInits } = collectBindings(parsed.program, keysOf);
  const consts: MajorConsts = majorConsts;
  const findings: Finding[] = [];
  const imports: ImportRef[] = [];
  /** Request-path arguments with whether their call sits in a v1-only region. */
  const requests: { arg: AstNode; v1Only: boolean }[] = [];
  /** Whether each string or template literal sits in a v1-only region. */
  const literalV1Only = new Map<AstNode, boolean>();
  const ancestors: AstNode[] = [];
  const keys: string[] = [];

  const addImport = (source: AstNode | undefined): void => {
    if (!source) return;
    const specifier = staticString(source);
    if (specifier !== undefined && (specifier.startsWith('./') || specifier.startsWith('../'))) imports.push({ specifier, start: source.start });
  };

  const r1 = (at: AstNode): void => {
    findings.push({ rule: 'R1', start: at.start, end: at.end });
  };

  const enter = (node: AstNode, v1Only: boolean): void => {
    switch (node.type) {
      case 'Literal':
      case 'TemplateLiteral':
        literalV1Only.set(node, v1Only);
        break;
      case 'MemberExpression': {
        const property = child(node, 'property')!;
        const named = node['computed'] === true ? staticString(property) : property.type === 'Identifier' ? str(property, 'name') : undefined;
        if (named === 'supported' && !v1Only && !isWriteTarget()) r1(property);
        break;
      }
      case 'ObjectPattern':
        if (!v1Only) for (const p of childList(node, 'properties')) if (p.type === 'Property' && keyName(p) === 'supported') r1(child(p, 'key')!);
        break;
      case 'CallExpression': {
        const callee = unparen(child(node, 'callee')!);
        const method = callee.type === 'MemberExpression' ? (callee['computed'] === true ? staticString(child(callee, 'property')!) : str(child(callee, 'property')!, 'name')) : undefined;
        const isRequest = (method !== undefined && REQUEST_METHODS.has(method)) || (callee.type === 'Identifier' && str(callee, 'name') === 'fetch');
        const first = childList(node, 'arguments')[0];
        if (isRequest && first && first.type !== 'SpreadElement') requests.push({ arg: first, v1Only });
        break;
      }
      case 'NewExpression': {
        const callee = unparen(child(node, 'callee')!);
        const first = childList(node, 'arguments')[0];
        if (callee.type === 'Identifier' && str(callee, 'name') === 'URL' && first && first.type !== 'SpreadElement') requests.push({ arg: first, v1Only });
        break;
      }
      case 'ImportDeclaration':
        if (node['importKind'] !== 'type') addImport(child(node, 'source'));
        break;
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
        if (node['exportKind'] !== 'type') addImport(child(node, 'source'));
        break;
      case 'ImportExpression':
        addImport(child(node, 'source'));
        break;
    }
  };

  /**
   * Whether the member expression just entered is written, not read: the target of `=`, of a
   * for-in/of head or of `delete`, also through destructuring patterns (`({ a: x.supported } = o)`).
   */
  const isWriteTarget = (): boolean => {
    const top = ancestors.length - 1;
    let i = top;
    while (i > 0) {
      const parent = ancestors[i - 1]!;
      const key = keys[i]!;
      const inPattern =
        parent.type === 'ArrayPattern' ||
        parent.type === 'ObjectPattern' ||
        parent.type === 'RestElement' ||
        (parent.type === 'AssignmentPattern' && key === 'left') ||
        (parent.type === 'Property' && key === 'value' && ancestors[i - 2]?.type === 'ObjectPattern');
      if (!inPattern) break;
      i -= 1;
    }
    if (i === 0) return false;
    const parent = ancestors[i - 1]!;
    const key = keys[i]!;
    if (parent.type === 'AssignmentExpression') return key === 'left' && (i < top || parent['operator'] === '=');
    if (parent.type === 'ForOfStatement' || parent.type === 'ForInStatement') return key === 'left';
    return i === top && parent.type === 'UnaryExpression' && parent['operator'] === 'delete';
  };

  const visit = (node: AstNode, key: string, scope: Scope, v1Only: boolean): void => {
    ancestors.push(node);
    keys.push(key);
    enter(node, v1Only);
    const inner: Scope = isFunction(node) ? { node, up: scope } : scope;
    for (const k of keysOf(node)) {
      const value = node[k];
      if (Array.isArray(value)) {
        if (isStatementList(node, k)) visitStatements(value.filter(isNode), k, inner, v1Only);
        else for (const item of value) if (isNode(item)) visit(item, k, inner, v1Only);
      } else if (isNode(value)) {
        visit(value, k, inner, v1Only || opensV1Region(node, k, inner, consts));
      }
    }
    ancestors.pop();
    keys.pop();
  };

  /** A statement list: after a v2 early exit, the rest of the list only runs at major 1. */
  const visitStatements = (statements: AstNode[], key: string, scope: Scope, v1Only: boolean): void => {
    let rest = v1Only;
    for (const statement of statements) {
      visit(statement, key, scope, rest);
      if (!rest && isV2EarlyExit(statement, scope, consts)) rest = true;
    }
  };

  const program = parsed.program;
  visit(program, '', { node: program, up: undefined }, false);

  // R2: the literals each request-path argument reaches, reported once each at their own position.
  const reported = new Set<number>();
  for (const { arg, v1Only } of requests) {
    if (v1Only) continue;
    for (const literal of reachedLiterals(arg, constInits)) {
      if (literalV1Only.get(literal) === true || reported.has(literal.start)) continue;
      const text = literal.type === 'TemplateLiteral' ? templateText(childList(literal, 'quasis')[0]) : staticString(literal);
      if (text === undefined || !isV1RequestPath(text)) continue;
      reported.add(literal.start);
      findings.push({ rule: 'R2', start: literal.start, end: literal.end, text });
    }
  }
  findings.sort((a, b) => a.start - b.start || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0));
  return { findings, imports };
}

function isStatementList(node: AstNode, key: string): boolean {
  return (
    ((node.type === 'Program' || node.type === 'BlockStatement' || node.type === 'StaticBlock') && key === 'body') ||
    (node.type === 'SwitchCase' && key === 'consequent')
  );
}

/**
 * The string and template literals a request-path argument reaches: through parentheses (and type
 * assertions), the left-most operand of a `+` chain, both branches of a conditional, and identifiers
 * bound by a `const` in the same file.
 */
function reachedLiterals(start: AstNode, constInits: ReadonlyMap<string, readonly AstNode[]>): AstNode[] {
  const out: AstNode[] = [];
  const seen = new Set<AstNode>();
  const stack = [start];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    if (TRANSPARENT.has(node.type)) {
      const inner = child(node, 'expression');
      if (inner) stack.push(inner);
    } else if (node.type === 'BinaryExpression' && node['operator'] === '+') stack.push(child(node, 'left')!);
    else if (node.type === 'ConditionalExpression') stack.push(child(node, 'alternate')!, child(node, 'consequent')!);
    else if (node.type === 'Identifier') stack.push(...(constInits.get(str(node, 'name')!) ?? []));
    else if ((node.type === 'Literal' && typeof node['value'] === 'string') || node.type === 'TemplateLiteral') out.push(node);
  }
  return out;
}
