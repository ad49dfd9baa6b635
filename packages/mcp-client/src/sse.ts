// Incremental text/event-stream parser (WHATWG HTML §9.2.6), fed decoded text as it arrives.
// Only the fields MCP uses are kept: `event` and `data`; `id` and `retry` are read and dropped,
// because 2026-07-28 has no resumption (a broken stream is re-issued under a new request id).

export interface SseEvent {
  /** The `event:` field, or "message" when absent or empty. */
  event: string;
  /** The `data:` lines joined with "\n". */
  data: string;
}

export class SseParser {
  private buffer = '';
  private dataLines: string[] = [];
  private eventType = '';
  /** The previous chunk ended in CR, so a leading LF in the next one belongs to that line break. */
  private skipLeadingLf = false;

  /** Feeds the next piece of text; returns the events it completed, in order. */
  push(text: string): SseEvent[] {
    let chunk = text;
    if (this.skipLeadingLf && chunk.length > 0) {
      if (chunk.charCodeAt(0) === 0x0a) chunk = chunk.slice(1);
      this.skipLeadingLf = false;
    }
    // Only the new text can hold a line break: the kept buffer never does, so scanning stays linear.
    let scan = this.buffer.length;
    const buffer = this.buffer + chunk;
    const events: SseEvent[] = [];
    let lineStart = 0;
    for (; scan < buffer.length; scan++) {
      const code = buffer.charCodeAt(scan);
      if (code !== 0x0a && code !== 0x0d) continue;
      this.line(buffer.slice(lineStart, scan), events);
      if (code === 0x0d) {
        if (scan + 1 === buffer.length) this.skipLeadingLf = true;
        else if (buffer.charCodeAt(scan + 1) === 0x0a) scan++;
      }
      lineStart = scan + 1;
    }
    this.buffer = buffer.slice(lineStart);
    return events;
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
    if (field === 'data') this.dataLines.push(value);
    else if (field === 'event') this.eventType = value;
  }

  private dispatch(events: SseEvent[]): void {
    if (this.dataLines.length > 0) {
      events.push({ event: this.eventType === '' ? 'message' : this.eventType, data: this.dataLines.join('\n') });
    }
    this.dataLines = [];
    this.eventType = '';
  }
}
