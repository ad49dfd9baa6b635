// A loose view of oxc-parser's ESTree output: the lint reads a handful of node kinds by name, so a
// structural type with checked accessors is simpler than the full discriminated union.

export interface AstNode {
  type: string;
  /** UTF-16 offsets into the module text. */
  start: number;
  end: number;
  [key: string]: unknown;
}

export interface Comment {
  type: 'Line' | 'Block';
  value: string;
  start: number;
  end: number;
}

export function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}

/** The child node at `key`, if any. */
export function child(node: AstNode, key: string): AstNode | undefined {
  const value = node[key];
  return isNode(value) ? value : undefined;
}

/** The child nodes at `key` (holes and non-nodes dropped). */
export function childList(node: AstNode, key: string): AstNode[] {
  const value = node[key];
  return Array.isArray(value) ? value.filter(isNode) : [];
}

export function str(node: AstNode, key: string): string | undefined {
  const value = node[key];
  return typeof value === 'string' ? value : undefined;
}

/** Drops any number of enclosing parentheses. */
export function unparen(node: AstNode): AstNode {
  let n = node;
  while (n.type === 'ParenthesizedExpression') n = child(n, 'expression') ?? n;
  return n;
}

/** The value of a string literal or a template literal without substitutions. */
export function staticString(node: AstNode): string | undefined {
  if (node.type === 'Literal') return typeof node['value'] === 'string' ? (node['value'] as string) : undefined;
  if (node.type === 'TemplateLiteral' && childList(node, 'expressions').length === 0) return templateText(childList(node, 'quasis')[0]);
  return undefined;
}

/** The cooked text of a template element (raw text when the cooked value is invalid). */
export function templateText(element: AstNode | undefined): string | undefined {
  const value = element?.['value'] as { cooked?: string | null; raw?: string } | undefined;
  return value ? (value.cooked ?? value.raw) : undefined;
}

export function isFunction(node: AstNode): boolean {
  return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
}

/** The name a property key spells, for a non-computed identifier or any string-literal key. */
export function keyName(property: AstNode): string | undefined {
  const key = child(property, 'key');
  if (!key) return undefined;
  if (key.type === 'Identifier' && property['computed'] !== true) return str(key, 'name');
  return staticString(key);
}
