// JSON documents printed on stdout (the json and sarif formats, delta's JSON).

/**
 * Characters JSON.stringify leaves raw that a terminal or the Actions runner would act on: DEL, C1
 * controls, format characters, line and paragraph separators, other default-ignorable code points.
 */
const RAW_IN_JSON = /[\u007f-\u009f\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;

/** `\uXXXX` for each UTF-16 code unit (an astral character is its surrogate pair, as JSON spells it). */
const unicodeEscape = (ch: string): string =>
  Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/**
 * `value` as indented JSON lines that print inert: what JSON.stringify leaves raw is `\uXXXX`-
 * escaped, and so is the `[` of a `##[` (the runner's legacy command syntax, which it finds
 * anywhere in a line). Both can only occur inside strings, so the document parses to the same
 * value. No line starts with `::`: each starts with white space and a bracket or a quote.
 */
export function jsonLines(value: unknown): string[] {
  return JSON.stringify(value, null, 2).replace(RAW_IN_JSON, unicodeEscape).replace(/##\[/g, '##\\u005b').split('\n');
}
