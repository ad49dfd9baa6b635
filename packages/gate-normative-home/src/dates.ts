const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const utc = (date: string): number =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));

/** A `YYYY-MM-DD` string that names a real calendar date (`2026-02-30` does not). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE.test(value)) return false;
  const d = new Date(utc(value));
  return d.toISOString().slice(0, 10) === value;
}

/** Whole days from `a` to `b`, both midnight UTC; negative when b is earlier. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / DAY_MS);
}

/**
 * The burn-down's schedule: how many core families may still be open on `day`, on a straight line
 * from `openAtT0` at `t0` to none at v1's end of support `eos`: ceil(openAtT0 × (E − T) / (E − t0)).
 */
export const allowedAt = (day: string, t0: string, openAtT0: number, eos: string): number =>
  Math.ceil((openAtT0 * daysBetween(day, eos)) / daysBetween(t0, eos));
