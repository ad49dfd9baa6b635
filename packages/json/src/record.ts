/** A JSON object: not null, not an array (what `JSON.parse` gives for `{…}`). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
