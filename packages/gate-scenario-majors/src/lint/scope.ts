// Lexical scopes of one module, enough to resolve a name to the binding it reads: the lint follows a
// `const` to its initialiser, and an inner binding of the same name (a parameter, a `let`, another
// `const`) shadows it. Types are not values, so type-level names are never bindings here.
import type { BindingPattern, Expression, Node, ParamPattern, VariableDeclaration } from 'oxc-parser';
import type { ParsedModule } from './parser.js';

/** What a name is bound to: a `const` with its initialiser and the scope that reads it, or anything else. */
export type Binding = { kind: 'const'; init: Expression; scope: Scope } | { kind: 'other' };

const OTHER: Binding = { kind: 'other' };

/** The module, a function (its parameters and `var`s), or a block (`const`, `let`, `class`, a block's functions). */
export class Scope {
  private readonly names = new Map<string, Binding>();
  constructor(
    readonly up: Scope | undefined,
    readonly holdsVar: boolean,
  ) {}

  declare(name: string, binding: Binding): void {
    if (!this.names.has(name)) this.names.set(name, binding);
  }

  /** The innermost binding of `name` seen from here; undefined for a global or undeclared name. */
  resolve(name: string): Binding | undefined {
    return this.names.get(name) ?? this.up?.resolve(name);
  }
}

type FunctionNode = Extract<Node, { params: ParamPattern[] }>;

function isFunctionScope(node: Node): node is FunctionNode {
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
    case 'TSDeclareFunction':
    case 'TSEmptyBodyFunctionExpression':
      return true;
    default:
      return false;
  }
}

function opensScope(node: Node): boolean {
  switch (node.type) {
    case 'Program':
    case 'BlockStatement':
    case 'StaticBlock':
    case 'SwitchStatement':
    case 'ForStatement':
    case 'ForInStatement':
    case 'ForOfStatement':
    case 'CatchClause':
    case 'TSModuleBlock':
      return true;
    default:
      return isFunctionScope(node);
  }
}

/** The names a binding pattern binds (`a`, `{ b: [c, ...d] = e }`, a parameter property…). */
function patternNames(pattern: BindingPattern | ParamPattern): string[] {
  const names: string[] = [];
  const stack: Node[] = [pattern];
  while (stack.length > 0) {
    const p = stack.pop()!;
    switch (p.type) {
      case 'Identifier':
        names.push(p.name);
        break;
      case 'ObjectPattern':
        for (const property of p.properties)
          stack.push(property.type === 'RestElement' ? property.argument : property.value);
        break;
      case 'ArrayPattern':
        for (const element of p.elements) if (element) stack.push(element);
        break;
      case 'AssignmentPattern':
        stack.push(p.left);
        break;
      case 'RestElement':
        stack.push(p.argument);
        break;
      case 'TSParameterProperty':
        stack.push(p.parameter);
        break;
    }
  }
  return names;
}

function declareVariables(declaration: VariableDeclaration, scope: Scope): void {
  for (const { id, init } of declaration.declarations) {
    if (declaration.kind === 'const' && id.type === 'Identifier' && init)
      scope.declare(id.name, { kind: 'const', init, scope });
    else for (const name of patternNames(id)) scope.declare(name, OTHER);
  }
}

/** Every scope-opening node of the module with its scope, every binding declared (so hoisting is seen). */
export function buildScopes({ program, walk }: ParsedModule): Map<Node, Scope> {
  const scopes = new Map<Node, Scope>();
  let current = new Scope(undefined, true);
  const enter = (node: Node): void => {
    // Declarations name something in the scope around them, so they are read before a node's own scope opens.
    switch (node.type) {
      case 'VariableDeclaration': {
        let target = current;
        if (node.kind === 'var') while (!target.holdsVar && target.up) target = target.up;
        declareVariables(node, target);
        break;
      }
      case 'FunctionDeclaration':
      case 'ClassDeclaration':
      case 'TSEnumDeclaration':
      case 'TSImportEqualsDeclaration':
        if (node.id) current.declare(node.id.name, OTHER);
        break;
      case 'TSModuleDeclaration':
        if (node.id.type === 'Identifier') current.declare(node.id.name, OTHER);
        break;
      case 'ImportDeclaration':
        for (const specifier of node.specifiers) current.declare(specifier.local.name, OTHER);
        break;
    }
    if (!opensScope(node)) return;
    current = node === program ? current : new Scope(current, isFunctionScope(node));
    scopes.set(node, current);
    if (isFunctionScope(node)) {
      if (node.type === 'FunctionExpression' && node.id) current.declare(node.id.name, OTHER);
      for (const param of node.params) for (const name of patternNames(param)) current.declare(name, OTHER);
    } else if (node.type === 'CatchClause' && node.param) {
      for (const name of patternNames(node.param)) current.declare(name, OTHER);
    }
  };
  const exit = (node: Node): void => {
    if (node !== program && opensScope(node)) current = current.up!;
  };
  walk(enter, exit);
  return scopes;
}
