// HTML text and attribute values (the report page).
import { visible } from './terminal.js';

/**
 * Text for HTML content or a quoted attribute value: unsafe characters shown (`visible`: a bidi
 * override or a zero-width character cannot disguise a name on the page), then `& < > " '` as
 * character references.
 */
export function escapeHtml(text: string): string {
  return visible(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
