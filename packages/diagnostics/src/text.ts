import type { Diagnostic } from './model.js';
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

/** The command that makes the findings' mechanical repairs. */
export const FIX_COMMAND = 'openwop-spec check --fix';

/**
 * What is wrong, then how to fix it: the text every format shows for a finding. A finding whose
 * repair `check --fix` makes says so after its hint, and one whose repair waits says for what; the
 * promise is made here, from the finding's fix, so no message promises a fix that is not made.
 */
export function fullMessage(d: Pick<Diagnostic, 'message' | 'hint' | 'fix' | 'fixWaitsFor'>): string {
  const promise = d.fix?.length
    ? ` (${FIX_COMMAND} does)`
    : d.fixWaitsFor
      ? ` (${FIX_COMMAND} does once ${d.fixWaitsFor})`
      : '';
  return `${d.hint ? `${d.message}; ${d.hint}` : d.message}${promise}`;
}

/** Words of `text` in lines of at most `width` characters (a longer word stands alone on its line). */
export function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}
