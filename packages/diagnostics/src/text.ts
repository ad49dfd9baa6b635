import { formatGrouped } from './order.js';

/** Folds CR, LF and CRLF into single spaces: a line-oriented format must never gain a stray line. */
export function oneLine(text: string): string {
  return text.replace(/\r\n|\r|\n/g, ' ');
}

/** Splits text into lines for a line-per-call sink. */
export function lines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** "1 error" / "2 errors", with en-US grouping. */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatGrouped(n)} ${n === 1 ? singular : pluralForm}`;
}
