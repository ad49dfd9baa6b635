// The names a markdown document's sections can be cited by. A heading `## §B — Endpoints` answers
// to `§B`, `§ Endpoints`, `§ B — Endpoints` and `#b--endpoints`; `### 4.4 A server that lies` to `§4.4`;
// `## \`mcp\`` to `§ mcp`, `§ \`mcp\`` and `#mcp`.

/** GitHub's anchor for a heading text: lower case, punctuation dropped, spaces to hyphens. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every name one heading can be cited by after `§`, or as a `#` anchor. */
export function headingNames(heading: string): string[] {
  const names = new Set<string>([heading]);
  const bare = heading.replace(/^§\s*/, '');
  names.add(bare);
  // `§B — Endpoints`, `§C.1 — Mount`, `4.4 A server…`: the label before the title.
  const label = /^(?:§\s*)?([\w.]+)(?:\s+—\s+|\s+)/.exec(heading);
  if (label !== null && (heading.startsWith('§') || /^\d+(\.\d+)*$/.test(label[1]!))) names.add(label[1]!);
  // `§3 — limits`: the title after the label's dash names the section too.
  for (const part of bare.split(/\s+—\s+/)) names.add(part);
  for (const name of [...names]) names.add(slug(name));
  names.add(slug(heading));
  return [...names];
}
