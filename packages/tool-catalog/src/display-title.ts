// MCP's display-name precedence for a tool: `title`, else `annotations.title` (RFC 0204 §D.12).
// This is the one member of a server's annotations the catalog reads, and it reads it as text for
// the display name only: the safety hints beside it never leave this function.

/** The server's display title for one raw tool object, or undefined when it gives none. */
export function displayTitle(raw: Readonly<Record<string, unknown>>): string | undefined {
  if (typeof raw['title'] === 'string') return raw['title'];
  const hints = raw['annotations'];
  if (typeof hints !== 'object' || hints === null) return undefined;
  const title = (hints as Record<string, unknown>)['title'];
  return typeof title === 'string' ? title : undefined;
}
