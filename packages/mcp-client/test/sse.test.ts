// The event-stream parser: framing per the WHATWG rules MCP relies on.
import { describe, expect, test } from 'vitest';
import { SseEventTooLarge, SseParser } from '../src/index.js';
import type { SseEvent } from '../src/index.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const parseAll = (chunks: (string | Uint8Array)[], parser = new SseParser()): SseEvent[] =>
  chunks.flatMap((chunk) => parser.push(typeof chunk === 'string' ? bytes(chunk) : chunk));

describe('SseParser', () => {
  test('LF, CRLF and CR line endings, comments skipped, data lines joined with \\n', () => {
    const text = ': hi\n\ndata: a\ndata: b\n\n: x\r\nevent: message\r\ndata:c\r\n\r\ndata: d\rdata:  e\r\r';
    expect(parseAll([text])).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'message', data: 'c' },
      { event: 'message', data: 'd\n e' },
    ]);
  });

  test('the same events however the text is split, including a CRLF split across chunks', () => {
    const text = 'event: message\r\ndata: {"a":1}\r\ndata: 2\r\n\r\ndata: x\r\n\r\n';
    const whole = parseAll([text]);
    expect(whole).toEqual([
      { event: 'message', data: '{"a":1}\n2' },
      { event: 'message', data: 'x' },
    ]);
    for (let cut = 0; cut <= text.length; cut++) {
      expect(parseAll([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    }
    expect(parseAll(text.split(''))).toEqual(whole);
  });

  test('a CR at a chunk end followed by an empty chunk still swallows the next LF', () => {
    expect(parseAll(['data: a\r', '', '\ndata: b\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  test('event types are kept, an event without data is dropped, the type resets after dispatch', () => {
    expect(parseAll(['event: ping\n\nevent: other\ndata: 1\n\ndata: 2\n\n'])).toEqual([
      { event: 'other', data: '1' },
      { event: 'message', data: '2' },
    ]);
  });

  test('a field without a colon, unknown fields, id and retry are ignored; "data" alone is an empty line', () => {
    expect(parseAll(['id: 7\nretry: 10\nfoo: bar\ndata\ndata: x\n\n'])).toEqual([{ event: 'message', data: '\nx' }]);
  });

  test('an unterminated event is not dispatched', () => {
    expect(parseAll(['data: a\n'])).toEqual([]);
  });

  test('a long line in many chunks arrives intact', () => {
    const payload = 'x'.repeat(200_000);
    const chunks = ['data: ', ...payload.match(/.{1,100}/g)!, '\n\n'];
    expect(parseAll(chunks)).toEqual([{ event: 'message', data: payload }]);
  });

  test('a character split across chunks is decoded whole', () => {
    const text = bytes('data: "é😀"\n\n');
    const whole = parseAll([text]);
    expect(whole).toEqual([{ event: 'message', data: '"é😀"' }]);
    for (let cut = 0; cut <= text.length; cut++)
      expect(parseAll([text.subarray(0, cut), text.subarray(cut)])).toEqual(whole);
  });

  test('an event with empty data is skipped (a 2025-11-25 priming event), but its id is kept', () => {
    const parser = new SseParser();
    expect(parseAll(['id: prime-1\ndata: \n\n', 'id: 2\ndata\n\n'], parser)).toEqual([]);
    expect(parser.lastEventId).toBe('2');
    expect(parseAll(['data: x\n\n'], parser)).toEqual([{ event: 'message', data: 'x' }]);
    expect(parser.lastEventId).toBe('2');
  });

  test('id and retry: the last id is set on dispatch, ignored with a NUL; retry only from digits', () => {
    const parser = new SseParser();
    parseAll(['retry: 250\nid: a\n\n'], parser);
    expect([parser.lastEventId, parser.retry]).toEqual(['a', 250]);
    parseAll(['retry: 1.5\nid: b\0c\n\n', 'id: d\n'], parser);
    expect([parser.lastEventId, parser.retry]).toEqual(['a', 250]);
    parseAll(['\n'], parser);
    expect(parser.lastEventId).toBe('d');
  });

  test('a cap on one event: an unbroken line is refused as soon as it passes the cap', () => {
    const parser = new SseParser(1024);
    expect(() => parser.push(bytes('data: ' + 'x'.repeat(1000)))).not.toThrow();
    expect(() => parser.push(bytes('x'.repeat(100)))).toThrow(SseEventTooLarge);
  });

  test('the cap counts the data lines of one event together, and starts again after it', () => {
    const line = `data: ${'y'.repeat(400)}\n`;
    const parser = new SseParser(1024);
    expect(parseAll([line, line, '\n', line, line, '\n'], parser)).toHaveLength(2);
    expect(() => parseAll([line, line, line], new SseParser(1024))).toThrow(SseEventTooLarge);
  });

  test('a 16 MiB line fed in 64 KiB chunks arrives whole (its growth rate is measured in the bench)', () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x78);
    const parser = new SseParser();
    parser.push(bytes('data: '));
    for (let i = 0; i < 256; i++) expect(parser.push(chunk)).toEqual([]);
    const [event] = parser.push(bytes('\n\n'));
    expect(event!.data.length).toBe(16 * 1024 * 1024);
  });
});
