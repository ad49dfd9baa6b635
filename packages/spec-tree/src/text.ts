import { InputError } from '@openwop-spec/diagnostics';
import type { Point } from '@openwop-spec/diagnostics';

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Decodes UTF-8 strictly: a bad byte is an input error naming its line, never a silent U+FFFD
 * (mojibake in a spec document is a defect a maintainer wants to hear about).
 */
export function decodeUtf8(bytes: Uint8Array, file: string): string {
  try {
    return decoder.decode(bytes);
  } catch {
    const bad = firstInvalidUtf8Offset(bytes);
    const before = decoder.decode(bytes.subarray(0, bad));
    const { line, column } = new LineIndex(before).point(before.length);
    throw new InputError(
      `${file} is not valid UTF-8 (first bad byte 0x${bytes[bad]?.toString(16).toUpperCase().padStart(2, '0') ?? ''} at offset ${bad})`,
      { file, start: { line, column } },
      'input/invalid-utf8',
    );
  }
}

function firstInvalidUtf8Offset(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const need =
      c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need >= b.length + (need === 0 ? 1 : 0)) return i;
    for (let k = 1; k <= need; k++) if (((b[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    // Overlong three-byte forms, UTF-16 surrogates and code points above U+10FFFF.
    if ((c === 0xe0 && b[i + 1]! < 0xa0) || (c === 0xed && b[i + 1]! > 0x9f)) return i;
    if ((c === 0xf0 && b[i + 1]! < 0x90) || (c === 0xf4 && b[i + 1]! > 0x8f)) return i;
    i += need + 1;
  }
  return b.length;
}

/**
 * Maps UTF-16 offsets of one text to 1-based line/column points. A line ends at CR, LF or CRLF, as
 * in the positions remark (micromark) and momoa give, so every position in a diagnostic agrees.
 * Built once per text; each point is a binary search.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.starts.push(i + 1);
    }
  }
  point(offset: number): Point {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1, offset };
  }
}

/** Drops one leading U+FEFF. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The line ending to write at `offset` of `text`: that of the line it is on (the next line break
 * at or after it), else the text's first one, else LF. An edit that adds lines to a CRLF or mixed
 * file so keeps each line as its neighbours are.
 */
export function lineEndingAt(text: string, offset: number): '\r\n' | '\n' {
  let at = text.indexOf('\n', offset);
  if (at < 0) at = text.indexOf('\n');
  return at > 0 && text.charCodeAt(at - 1) === 13 ? '\r\n' : '\n';
}

/**
 * `text` (LF line endings, no BOM, as a generator renders it) in the encoding of `original`, the
 * file it replaces: its BOM kept, and CRLF line endings when its first line ends so.
 */
export function likeOriginal(text: string, original: string): string {
  const eol = lineEndingAt(original, 0);
  const body = eol === '\r\n' ? text.replace(/\r?\n/g, '\r\n') : text;
  return original.charCodeAt(0) === 0xfeff && body.charCodeAt(0) !== 0xfeff ? `\ufeff${body}` : body;
}

const LINE_END = /\r\n|\r|\n/;

/** The whole source line `line` (1-based) of `text`, without its line ending (CR, LF or CRLF). */
export function sourceLine(text: string, line: number): string {
  return text.split(LINE_END, line)[line - 1] ?? '';
}

/** The first 1-based line on which two texts differ (they are known to differ); a line's ending counts. */
export function firstDifferentLine(a: string, b: string): number {
  // Split after each CR, LF or CRLF, keeping the ending with its line.
  const x = a.split(/(?<=\r\n|\r(?!\n)|\n)/);
  const y = b.split(/(?<=\r\n|\r(?!\n)|\n)/);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i + 1;
}
