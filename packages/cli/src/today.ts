import { InputError } from '@openwop-spec/diagnostics';

/** True for a YYYY-MM-DD string that names a real calendar date. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/**
 * Today in UTC: `--today`, else OPENWOP_NORMATIVE_HOME_TODAY (kept for upstream CI), else the clock.
 * An invalid value is a usage error: upstream let NaN silently disable date checks.
 */
export function resolveToday(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  now: () => Date,
): string {
  const fromEnv = env['OPENWOP_NORMATIVE_HOME_TODAY'];
  const [value, source] =
    flag !== undefined
      ? [flag, '--today']
      : fromEnv !== undefined && fromEnv !== ''
        ? [fromEnv, 'OPENWOP_NORMATIVE_HOME_TODAY']
        : [undefined, ''];
  if (value === undefined) return now().toISOString().slice(0, 10);
  if (!isCalendarDate(value)) throw new InputError(`${source} ${JSON.stringify(value)} is not a real YYYY-MM-DD date`);
  return value;
}
