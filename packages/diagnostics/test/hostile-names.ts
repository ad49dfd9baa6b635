// Names an attacker can commit (file names, family keys, headings): each one is data in every
// output. Every entry is a valid file-name segment on Linux (no `/`, no NUL), so tests can create
// files by these names; `HOSTILE_TEXT` adds what only a key or a heading can hold.

/** What each name tries, by a short label (test titles and failure messages). */
export const HOSTILE_NAMES: Readonly<Record<string, string>> = {
  'a forged annotation on a new line': 'a\n::error file=README.md,line=1::forged\n.md',
  'stop-commands on a new line': 'b\n::stop-commands::tok\n.md',
  'a command after leading spaces': 'c\n   ::warning::indented.md',
  'a command after a CR': 'd\r::error::after-cr.md',
  'the legacy ##[ syntax mid-line': 'e ##[error]legacy ##[stop-commands]tok.md',
  'a ##[ split by a soft hyphen': 'f #\u00ad#[error]hyphen.md',
  'a command after a line separator': 'g\u2028::error::ls.md',
  'an OSC 8 hyperlink': 'h\u001b]8;;https:\u001b\\click\u001b]8;;\u001b\\.md',
  'screen clear and window title': 'i\u001b[2J\u001b[3J\u001b]0;pwned\u0007.md',
  conceal: 'j\u001b[8mhidden\u001b[28m.md',
  'a C1 control sequence introducer': 'k\u009b2J.md',
  'a right-to-left override': 'l\u202egnp.md',
  'a zero-width space and a BOM': 'm\u200b\ufeff.md',
  'a backspace and DEL': 'n\u0008\u007f.md',
  'percent escapes the runner decodes': 'o%0A::error::pct%25.md',
  'property delimiters': 'p:1,col=2,title=x.md',
  'a markdown table break': 'q | broken | cell.md',
  'a markdown link, image and HTML': 'r[x](javascript:alert(1))![i](x.png)<img src=x onerror=alert(1)>.md',
  'backticks that close a code span': 's` **bold** ``two``.md',
  'a heading, math and a mention': 't # head $x^2$ @user www.evil.example.md',
  'HTML metacharacters': 'u<script>&amp;"\'.md',
  'a backslash before a pipe': 'v\\|w.md',
};

/** Beyond file names: what a key, a heading or a message can hold (a slash, a URL). */
export const HOSTILE_TEXT: Readonly<Record<string, string>> = {
  ...HOSTILE_NAMES,
  'a protocol-relative URL': '//evil.example/x',
  'an absolute URL': 'https://evil.example/x',
  'a javascript: URL': 'javascript:alert(1)',
  'an autolink': '<https://evil.example>',
};
