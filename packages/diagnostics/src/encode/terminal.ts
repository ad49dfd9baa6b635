// Text for a terminal and for a CI log: every string from the tree is shown, never acted on.
import type { Severity } from '../model.js';

/**
 * Characters a terminal, or the GitHub Actions runner reading the log, would act on rather than
 * show: C0 and C1 controls and DEL (but tab), format characters (bidi overrides, zero-width
 * characters, the soft hyphen), line and paragraph separators, lone surrogates and every other
 * default-ignorable code point. The last also keeps a culture-aware string search (the runner's
 * `IndexOf("##[")`) from skipping an ignorable character placed between the characters of a command.
 */
const UNSAFE = /[^\P{Cc}\t]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

const hex = (code: number, width: number): string => code.toString(16).padStart(width, '0');

/** How one unsafe character is shown: `\n`, `\r`, `\x1b`, `\u202e`, `\u{e0001}`. */
export function escapeCharacter(ch: string): string {
  if (ch === '\n') return '\\n';
  if (ch === '\r') return '\\r';
  const code = ch.codePointAt(0)!;
  if (code < 0x100) return `\\x${hex(code, 2)}`;
  return code < 0x10000 ? `\\u${hex(code, 4)}` : `\\u{${hex(code, 1)}}`;
}

/** `text` with every unsafe character shown as its escape, so it prints as one inert line. */
export function visible(text: string): string {
  return text.replace(UNSAFE, escapeCharacter);
}

/**
 * The runner reads a workflow command from any line of a step's output (stdout or stderr) that
 * starts with `::` after leading white space, and from a `##[` anywhere in a line (its legacy
 * syntax, `##[stop-commands]…` included). A text line never does either: the colon that would
 * open a command and the bracket after `##` are shown as escapes. `::` elsewhere is left alone.
 */
export function inertToRunner(line: string): string {
  return line.replace(/^(\s*):(?=:)/u, '$1\\x3a').replace(/##\[/g, '##\\x5b');
}

/** One line of text for a terminal or a CI log: unsafe characters shown, no workflow command. */
export function terminalLine(line: string): string {
  return inertToRunner(visible(line));
}

const SGR: Record<Severity, string> = { error: '31', warning: '33', info: '36' };

/** A span of a line that is a severity word, to be painted in its colour when colour is on. */
export interface Paint {
  start: number;
  end: number;
  severity: Severity;
}

/** `text` with the span painted (red, yellow, cyan) in ANSI colour. */
function painted(text: string, p: Paint): string {
  return `${text.slice(0, p.start)}\u001b[${SGR[p.severity]}m${text.slice(p.start, p.end)}\u001b[39m${text.slice(p.end)}`;
}

/** Where lines of text go: one call per line, without its newline. */
export interface LineWriter {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/** Where a format writer's lines go (`Sink` in the writers): text lines, and workflow commands. */
export interface TextSink extends LineWriter {
  stdout: (line: string, paint?: Paint) => void;
  stderr: (line: string, paint?: Paint) => void;
  /** A GitHub workflow command, to stdout as it is (`workflowCommand` escaped its values). */
  command: (line: string) => void;
  /** One of the tool's own control sequences (the watcher's screen clear), to stdout as it is. */
  control: (sequence: string) => void;
}

/**
 * The one place text reaches a terminal or a CI log. Every line is written through `terminalLine`,
 * so a name holding a newline, an escape sequence or `::stop-commands::` prints as inert text. The
 * only escape sequences the tool writes are added here, after the text was made inert: the colour
 * of a severity word a writer marked (`paint`, given only when colour is on); the workflow commands
 * of the github format go through `command` as they are (`workflowCommand` escaped their values),
 * and the tool's own control sequences through `control`.
 */
export function terminalSink(raw: LineWriter): TextSink {
  const encode = (line: string, paint?: Paint): string => {
    if (!paint) return terminalLine(line);
    // A severity word is ASCII letters: only what escaping adds before it moves it.
    const before = terminalLine(line.slice(0, paint.start));
    const word = line.slice(paint.start, paint.end);
    const after = visible(line.slice(paint.end)).replace(/##\[/g, '##\\x5b');
    return painted(before + word + after, { ...paint, start: before.length, end: before.length + word.length });
  };
  return {
    stdout: (line, paint) => raw.stdout(encode(line, paint)),
    stderr: (line, paint) => raw.stderr(encode(line, paint)),
    command: (line) => raw.stdout(line),
    control: (sequence) => raw.stdout(sequence),
  };
}
