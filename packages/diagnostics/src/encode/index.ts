// One encoder per output format: every string from the tree is data in each of them.
export { escapeCharacter, inertToRunner, terminalLine, terminalSink, visible } from './terminal.js';
export type { LineWriter, Paint, TextSink } from './terminal.js';
export { escapeData, escapeProperty, workflowCommand } from './workflow-command.js';
export { codeSpan, markdownCell, markdownRow, markdownText } from './markdown.js';
export { jsonLines } from './json.js';
export { escapeHtml } from './html.js';
