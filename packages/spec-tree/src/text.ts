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
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < bad; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const column = decoder.decode(bytes.subarray(lineStart, bad)).length + 1;
    throw new InputError(`${file} is not valid UTF-8 (first bad byte 0x${bytes[bad]?.toString(16).toUpperCase().padStart(2, '0') ?? ''} at offset ${bad})`, { file, start: { line, column } }, 'input/invalid-utf8');
  }
}

function firstInvalidUtf8Offset(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const need = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (need < 0 || i + need >= b.length + (need === 0 ? 1 : 0)) return i;
    for (let k = 1; k <= need; k++) if (((b[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    // Overlong three-byte forms, UTF-16 surrogates and code points above U+10FFFF.
    if ((c === 0xe0 && b[i + 1]! < 0xa0) || (c === 0xed && b[i + 1]! > 0x9f)) return i;
    if ((c === 0xf0 && b[i + 1]! < 0x90) || (c === 0xf4 && b[i + 1]! > 0x8f)) return i;
    i += need + 1;
  }
  return b.length;
}

/** Maps UTF-16 offsets of one text to 1-based line/column points. Built once per text. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
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

/** The whole source line `line` (1-based) of `text`, without its line ending. */
export function sourceLine(text: string, line: number): string {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) return '';
    start = nl + 1;
  }
  const nl = text.indexOf('\n', start);
  const raw = nl < 0 ? text.slice(start) : text.slice(start, nl);
  return raw.endsWith('\r') ? raw.slice(0, -1) : raw;
}
