/**
 * The assertion message of a requirement row: its id, the clause it checks and the obligation, so a
 * failure names the requirement, not just the values.
 */
export function req(id: string, clause: string, obligation: string): string {
  return `${id} — ${clause}: ${obligation}`;
}
