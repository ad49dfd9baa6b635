// Server text in our messages, kept short: a server chooses it, and a log line must stay one line.

/** The strings among `values` as JSON strings, at most 16 of at most 32 characters each. */
export function shortList(values: readonly unknown[]): string {
  const strings = values.filter((value): value is string => typeof value === 'string');
  const shown = strings.slice(0, 16).map((value) => JSON.stringify(value.slice(0, 32)));
  return `[${shown.join(', ')}${strings.length > 16 ? ', …' : ''}]`;
}

/** `text` as a JSON string of at most 200 characters: one line, whatever it holds. */
export function shortText(text: string): string {
  return JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);
}
