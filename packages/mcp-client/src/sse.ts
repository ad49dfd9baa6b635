// Incremental text/event-stream parser (WHATWG HTML §9.2.6), fed the raw bytes as they arrive.
// Lines are split on bytes (CR, LF and CRLF are ASCII, so UTF-8 never hides one inside a
// character); an unfinished line is kept as a list of chunk views and joined once, when its line
// break arrives, so parsing stays linear in the bytes received however long a line grows.

export interface SseEvent {
  /** The `event:` field, or "message" when absent or empty. */
  event: string;
  /** The `data:` lines joined with "\n"; never empty (an event with empty data is not an MCP message). */
  data: string;
}

/** An event (its unfinished line plus the data lines so far) grew past the parser's cap. */
export class SseEventTooLarge extends RangeError {
  override readonly name = 'SseEventTooLarge';
}

const LF = 0x0a;
const CR = 0x0d;

export class SseParser {
  /** The last `id:` field dispatched (WHATWG's last event ID), kept across events for resumption. */
  lastEventId = '';
  /** The last valid `retry:` field, in milliseconds: how long to wait before reconnecting. */
  retry: number | undefined;

  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private dataLines: string[] = [];
  private dataBytes = 0;
  private eventType = '';
  private idBuffer = '';
  /** The previous chunk ended in CR, so a leading LF in the next one belongs to that line break. */
  private skipLeadingLf = false;
  // Decoding one line at a time; a BOM can only begin the stream, whose first line starts with it.
  private readonly decoder = new TextDecoder();

  /** @param maxEventBytes cap on one event: its data lines plus the line still being received. */
  constructor(private readonly maxEventBytes = Number.POSITIVE_INFINITY) {}

  /** Feeds the next bytes; returns the events they completed, in order. Throws SseEventTooLarge past the cap. */
  push(chunk: Uint8Array): SseEvent[] {
    const events: SseEvent[] = [];
    let lineStart = 0;
    if (this.skipLeadingLf && chunk.length > 0) {
      if (chunk[0] === LF) lineStart = 1;
      this.skipLeadingLf = false;
    }
    for (let i = lineStart; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte !== LF && byte !== CR) continue;
      this.checkSize(i - lineStart);
      this.line(this.takeLine(chunk.subarray(lineStart, i)), events);
      if (byte === CR) {
        if (i + 1 === chunk.length) this.skipLeadingLf = true;
        else if (chunk[i + 1] === LF) i++;
      }
      lineStart = i + 1;
    }
    if (lineStart < chunk.length) {
      this.pending.push(chunk.subarray(lineStart));
      this.pendingBytes += chunk.length - lineStart;
      this.checkSize(0);
    }
    return events;
  }

  /** The unfinished line's pieces plus `tail`, decoded: one copy per line, never per chunk. */
  private takeLine(tail: Uint8Array): string {
    if (this.pending.length === 0) return this.decoder.decode(tail);
    this.pending.push(tail);
    const bytes = Buffer.concat(this.pending, this.pendingBytes + tail.length);
    this.pending = [];
    this.pendingBytes = 0;
    return this.decoder.decode(bytes);
  }

  /** Throws once the event (data so far, the unfinished line and `more` bytes of it) passes the cap. */
  private checkSize(more: number): void {
    if (this.pendingBytes + more + this.dataBytes > this.maxEventBytes) {
      throw new SseEventTooLarge(`an event-stream event exceeds ${this.maxEventBytes} bytes`);
    }
  }

  private line(line: string, events: SseEvent[]): void {
    if (line === '') {
      this.dispatch(events);
      return;
    }
    if (line.charCodeAt(0) === 0x3a) return; // ":" comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 0x20) value = value.slice(1);
    switch (field) {
      case 'data':
        this.dataLines.push(value);
        this.dataBytes += Buffer.byteLength(value) + 1;
        break;
      case 'event':
        this.eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) this.retry = Number(value);
        break;
    }
  }

  private dispatch(events: SseEvent[]): void {
    this.lastEventId = this.idBuffer;
    const data = this.dataLines.join('\n');
    // Empty data is no message: a 2025-11-25 server primes a resumable stream with `id` and empty `data`.
    if (data !== '') events.push({ event: this.eventType === '' ? 'message' : this.eventType, data });
    this.dataLines = [];
    this.dataBytes = 0;
    this.eventType = '';
  }
}
