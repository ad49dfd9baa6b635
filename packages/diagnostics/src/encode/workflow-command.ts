// GitHub Actions workflow commands (`::error file=…,line=…::message`), as the runner parses them.
import { visible } from './terminal.js';

/**
 * Workflow-command data: `%`, CR and LF percent-encoded (`%` first, so nothing is encoded twice).
 * The runner decodes exactly these three in data.
 */
export function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Workflow-command property values: as data, plus `:` and `,`, which end a property. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * `::<name> <key>=<value>,…::<message>`. Each property value and each message line is data: its
 * unsafe characters are shown (`visible`, so a control character reaches neither the annotation
 * nor the log raw), then percent-encoded for the runner, which decodes them back to that text; the
 * message's lines are joined with an encoded LF, the only line breaks an annotation gets.
 * Property names and the command name are the caller's constants.
 */
export function workflowCommand(
  name: string,
  properties: ReadonlyArray<readonly [string, string | number]>,
  message: readonly string[],
): string {
  const props = properties.map(([key, value]) => `${key}=${escapeProperty(visible(String(value)))}`).join(',');
  return `::${name}${props ? ` ${props}` : ''}::${message.map((line) => escapeData(visible(line))).join('%0A')}`;
}
