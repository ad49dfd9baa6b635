/**
 * Whether to write ANSI colour. An explicit flag wins (`--color` forces it on, `--no-color` off):
 * no-color.org asks that a per-invocation option override NO_COLOR. Otherwise NO_COLOR (present,
 * any value, even empty) turns it off; FORCE_COLOR turns it on when non-empty and not "0" or
 * "false" (those two turn it off, as in Node and supports-color); else colour only on a TTY.
 */
export function shouldColor(o: {
  flag?: boolean;
  isTTY: boolean;
  env: Readonly<Record<string, string | undefined>>;
}): boolean {
  if (o.flag !== undefined) return o.flag;
  if (o.env.NO_COLOR !== undefined) return false;
  const force = o.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return o.isTTY;
}
