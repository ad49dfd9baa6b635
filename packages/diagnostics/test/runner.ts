// How the GitHub Actions runner reads workflow commands from a step's output, modelled on its
// ActionCommand.TryParseV2 (`::name props::data`, after leading white space) and TryParse (the
// legacy `##[name props]data`, anywhere in a line), so a test can see what the runner would do.

/** The commands the runner acts on (its command extensions, and stop-commands). */
const REGISTERED = new Set([
  'error',
  'warning',
  'notice',
  'debug',
  'group',
  'endgroup',
  'echo',
  'add-mask',
  'add-matcher',
  'remove-matcher',
  'save-state',
  'set-output',
  'set-env',
  'add-path',
  'stop-commands',
]);

export interface RunnerCommand {
  name: string;
  properties: Record<string, string>;
  data: string;
}

const unescape = (s: string, pairs: ReadonlyArray<[string, string]>): string =>
  pairs.reduce((out, [encoded, plain]) => out.split(encoded).join(plain), s);
const DATA: Array<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%25', '%'],
];
const PROPERTY: Array<[string, string]> = [
  ['%0D', '\r'],
  ['%0A', '\n'],
  ['%3A', ':'],
  ['%2C', ','],
  ['%25', '%'],
];

/** The command the runner reads from one line of output, if any. */
export function runnerCommand(line: string): RunnerCommand | undefined {
  const v2 = line.trimStart();
  if (v2.startsWith('::')) {
    const end = v2.indexOf('::', 2);
    if (end >= 0) {
      const info = v2.slice(2, end);
      const space = info.indexOf(' ');
      const name = space < 0 ? info : info.slice(0, space);
      if (REGISTERED.has(name)) {
        const properties: Record<string, string> = {};
        if (space > 0)
          for (const prop of info
            .slice(space + 1)
            .trim()
            .split(',')
            .filter(Boolean)) {
            const eq = prop.indexOf('=');
            if (eq > 0 && eq < prop.length - 1) properties[prop.slice(0, eq)] = unescape(prop.slice(eq + 1), PROPERTY);
          }
        return { name, properties, data: unescape(v2.slice(end + 2), DATA) };
      }
    }
  }
  const at = line.indexOf('##[');
  if (at < 0) return undefined;
  const close = line.indexOf(']', at);
  if (close < 0) return undefined;
  const info = line.slice(at + 3, close);
  const name = info.split(' ')[0]!;
  return REGISTERED.has(name) ? { name, properties: {}, data: line.slice(close + 1) } : undefined;
}

/** Every command the runner reads from these lines of output, in order. */
export const runnerCommands = (lines: readonly string[]): RunnerCommand[] =>
  lines.flatMap((l) => {
    const c = runnerCommand(l);
    return c ? [c] : [];
  });
