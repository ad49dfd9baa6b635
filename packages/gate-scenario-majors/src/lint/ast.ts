// Small readers over oxc-parser's ESTree nodes. Type-only imports: the native parser itself is
// loaded on first use (parser.ts).
import type { Expression, Node, PropertyKey, TemplateElement } from 'oxc-parser';

export type { Comment } from 'oxc-parser';

/** Drops any number of enclosing parentheses. */
export function unparen(node: Expression): Expression {
  let n = node;
  while (n.type === 'ParenthesizedExpression') n = n.expression;
  return n;
}

/** The value of a string literal or a template literal without substitutions. */
export function staticString(node: Node): string | undefined {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : undefined;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return templateText(node.quasis[0]);
  return undefined;
}

/** The cooked text of a template element (raw text when the cooked value is invalid). */
export function templateText(element: TemplateElement | undefined): string | undefined {
  return element ? (element.value.cooked ?? element.value.raw) : undefined;
}

/** The name a property key spells, for a non-computed identifier or any string-literal key. */
export function keyName(property: { key: PropertyKey; computed: boolean }): string | undefined {
  const key = property.key;
  if (key.type === 'Identifier' && !property.computed) return key.name;
  return staticString(key);
}
