// The event-stream parser: framing per the WHATWG rules MCP relies on.
import { describe, expect, test } from 'vitest';
import { SseParser } from '../src/index.js';
import type { SseEvent } from '../src/index.js';

const parseAll = (chunks: string[]): SseEvent[] => {
  const parser = new SseParser();
  return chunks.flatMap((chunk) => parser.push(chunk));
};

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

  test('a long line in many chunks stays linear and intact', () => {
    const payload = 'x'.repeat(200_000);
    const chunks = ['data: ', ...payload.match(/.{1,100}/g)!, '\n\n'];
    expect(parseAll(chunks)).toEqual([{ event: 'message', data: payload }]);
  });
});
