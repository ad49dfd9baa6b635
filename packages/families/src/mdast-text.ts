import type { Nodes, Root, RootContent } from 'mdast';

/** Parents whose children are blocks: their renderings are joined with a newline. */
const BLOCK_PARENTS = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'footnoteDefinition']);
/** Literal nodes that carry no prose: code, markup and metadata. */
const SILENT = new Set(['html', 'code', 'yaml', 'definition', 'footnoteReference', 'thematicBreak']);

export interface RenderOptions {
  /** Subtrees to leave out entirely (e.g. a list item's nested lists). */
  skip?: (node: Nodes) => boolean;
}

function render(
  node: Nodes,
  inlineCode: (value: string) => string,
  skip: ((node: Nodes) => boolean) | undefined,
): string {
  if (skip?.(node)) return '';
  switch (node.type) {
    case 'text':
      return node.value;
    case 'inlineCode':
      return inlineCode(node.value);
    case 'break':
      return '\n';
    case 'image':
    case 'imageReference':
      return node.alt ?? '';
    default:
      if (SILENT.has(node.type) || !('children' in node)) return '';
  }
  const sep = node.type === 'tableRow' ? ' | ' : BLOCK_PARENTS.has(node.type) ? '\n' : '';
  const parts: string[] = [];
  for (const child of node.children as Nodes[]) {
    if (skip?.(child)) continue;
    parts.push(render(child, inlineCode, skip));
  }
  return parts.join(sep);
}

/**
 * `name(n)`: the inline content under `n`, inline code kept in backticks, html
 * and footnote references dropped, block children joined with "\n", table cells with " | ".
 */
export function nameOf(node: Nodes, options: RenderOptions = {}): string {
  return render(node, (v) => '`' + v + '`', options.skip);
}

/** `kw(n)`: as `nameOf`, but inline code renders as one space, so keywords inside code never count. */
export function kwOf(node: Nodes, options: RenderOptions = {}): string {
  return render(node, () => ' ', options.skip);
}

/**
 * The header region: the top-level children before the first heading of depth ≥ 2
 * (the whole document when there is none).
 */
export function headerRegion(root: Root): RootContent[] {
  const end = root.children.findIndex((n) => n.type === 'heading' && n.depth >= 2);
  return end < 0 ? root.children : root.children.slice(0, end);
}
