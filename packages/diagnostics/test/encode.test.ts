// The encoders of every output format, over names an attacker can commit.
import { describe, expect, it } from 'vitest';
import {
  codeSpan,
  escapeHtml,
  jsonLines,
  markdownCell,
  markdownText,
  terminalLine,
  terminalSink,
  visible,
  workflowCommand,
} from '../src/index.js';
import { HOSTILE_TEXT } from './hostile-names.js';
import { runnerCommand, runnerCommands } from './runner.js';

const names = Object.entries(HOSTILE_TEXT);
/** What a terminal or the runner would act on; tab stays. */
const RAW = /[^\P{Cc}\t]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;

describe('visible', () => {
  it('shows each control and invisible character as its escape, and leaves the rest alone', () => {
    expect(visible('a\nb\rc\u001b[2Jd\u0007\u007f\u009b\u202e\u200b\u00ad\ufeff\u{e0041}\ttab é 日本')).toBe(
      'a\\nb\\rc\\x1b[2Jd\\x07\\x7f\\x9b\\u202e\\u200b\\xad\\ufeff\\u{e0041}\ttab é 日本',
    );
    expect(visible('\ud800 lone')).toBe('\\ud800 lone');
  });

  it.each(names)('%s: nothing raw is left, and showing it again changes nothing', (_what, name) => {
    expect(visible(name)).not.toMatch(RAW);
    expect(visible(visible(name))).toBe(visible(name));
  });
});

describe('terminalLine', () => {
  it.each(names)('%s: one inert line the runner reads no command from', (_what, name) => {
    for (const line of [name, `  ${name}`, `prefix ${name}`]) {
      const out = terminalLine(line);
      expect(out).not.toMatch(RAW);
      expect(runnerCommand(out)).toBeUndefined();
      expect(terminalLine(out)).toBe(out);
    }
  });

  it('escapes only the colon that would open a command and the bracket of a ##[', () => {
    expect(terminalLine('::error::x')).toBe('\\x3a:error::x');
    expect(terminalLine(' \u3000::stop-commands::t')).toBe(' \u3000\\x3a:stop-commands::t');
    expect(terminalLine('a ##[error]b :: c')).toBe('a ##\\x5berror]b :: c');
    expect(terminalLine('spec/v2/core/a.md:1:2  error  m  rule/x')).toBe('spec/v2/core/a.md:1:2  error  m  rule/x');
  });
});

describe('terminalSink', () => {
  const captured = () => {
    const out: string[] = [];
    return { out, sink: terminalSink({ stdout: (l) => out.push(l), stderr: (l) => out.push(l) }) };
  };

  it('paints only the marked severity word, after the text around it was made inert', () => {
    const { out, sink } = captured();
    const line = 'x\u001b[8m.md:1:1  error  m\u001b]0;t\u0007  rule/x';
    const start = line.indexOf('error');
    sink.stderr(line, { start, end: start + 5, severity: 'error' });
    sink.stderr(line);
    expect(out).toEqual([
      'x\\x1b[8m.md:1:1  \u001b[31merror\u001b[39m  m\\x1b]0;t\\x07  rule/x',
      'x\\x1b[8m.md:1:1  error  m\\x1b]0;t\\x07  rule/x',
    ]);
  });

  it('writes a workflow command as it is, and a text line never as one', () => {
    const { out, sink } = captured();
    sink.command('::error title=x::y');
    sink.stdout('::error title=x::y');
    expect(runnerCommands(out).map((c) => c.name)).toEqual(['error']);
  });
});

describe('workflowCommand', () => {
  it.each(names)('%s: the runner reads one command whose values are the name, shown', (_what, name) => {
    const line = workflowCommand(
      'error',
      [
        ['file', name],
        ['line', 3],
        ['title', name],
      ],
      [name, `    ${name}:1:1  related`],
    );
    expect(line.split(/\r|\n/)).toHaveLength(1);
    expect(line).not.toMatch(RAW);
    expect(runnerCommand(line)).toEqual({
      name: 'error',
      properties: { file: visible(name), line: '3', title: visible(name) },
      data: `${visible(name)}\n    ${visible(name)}:1:1  related`,
    });
  });
});

describe('markdown', () => {
  it.each(names)('%s: text and code spans hold no raw character and no line break', (_what, name) => {
    for (const md of [markdownText(name), codeSpan(name), markdownCell(codeSpan(name))]) {
      expect(md).not.toMatch(RAW);
      expect(md).not.toMatch(/[\r\n]/);
    }
  });

  it('escapes what opens an inline construct, and breaks autolink literals', () => {
    expect(markdownText('[x](y) ![i](j) <b> *e* _u_ `c` ~s~ $m$ #h @me &amp; \\')).toBe(
      '\\[x\\](y) \\!\\[i\\](j) \\<b> \\*e\\* \\_u\\_ \\`c\\` \\~s\\~ \\$m\\$ \\#h \\@me \\&amp; \\\\',
    );
    expect(markdownText('see https://evil.example and www.evil.example, not awww.x')).toBe(
      'see https\\://evil.example and www\\.evil.example, not awww.x',
    );
  });

  it('fences a code span with more backticks than it holds, padded where a backtick or space would merge', () => {
    expect(codeSpan('a.md')).toBe('`a.md`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('``x')).toBe('``` ``x ```');
    expect(codeSpan(' x ')).toBe('`  x  `');
  });

  it('escapes every pipe of a cell, inside a code span too', () => {
    expect(markdownCell(`${codeSpan('a|b')} ${markdownText('c|d')}`)).toBe('`a\\|b` c\\|d');
  });
});

describe('jsonLines', () => {
  it.each(names)('%s: the document parses back to the same value, and prints inert', (_what, name) => {
    const value = { file: name, related: [{ message: `${name}\n${name}` }] };
    const lines = jsonLines(value);
    expect(JSON.parse(lines.join('\n'))).toEqual(value);
    for (const line of lines) {
      expect(line).not.toMatch(RAW);
      expect(runnerCommand(line)).toBeUndefined();
      expect(terminalLine(line)).toBe(line);
    }
  });
});

describe('escapeHtml', () => {
  it.each(names)('%s: no markup and nothing raw', (_what, name) => {
    const html = escapeHtml(name);
    expect(html).not.toMatch(/[<>"']|&(?!#\d+;)/);
    expect(html).not.toMatch(RAW);
  });
});
