#!/usr/bin/env node
// `pnpm rule-docs`: writes docs/rules/ from the rule catalogues (the files are never edited by hand).
import { readdirSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError, formatInputError } from '@openwop-spec/diagnostics';
import { writeAtomic } from '@openwop-spec/spec-tree';
import { GATES } from './registry.js';
import { ruleDocFiles } from './rule-docs.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = join(root, 'docs', 'rules');
const files = ruleDocFiles(GATES);
let written = 0;
try {
  for (const [path, content] of files)
    if (writeAtomic(join(root, ...path.split('/')), content, { within: root, path }) === 'written') written++;
} catch (err) {
  // A refused write (a folder on the way that leads out of the repository, a non-file in the way)
  // is one line naming the file, as everywhere else; nothing after it is written.
  if (!(err instanceof InputError)) throw err;
  process.stderr.write(`${formatInputError('rule-docs', err)}\n`);
  process.exit(2);
}

// A rule that left its catalogue leaves no file behind.
const stale: string[] = [];
const walk = (abs: string): void => {
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    const child = join(abs, entry.name);
    if (entry.isDirectory()) walk(child);
    else if (!files.has(relative(root, child).split(sep).join('/'))) stale.push(child);
  }
};
walk(dir);
for (const file of stale) rmSync(file);
process.stdout.write(
  `docs/rules: ${files.size} file(s), ${written} written, ${files.size - written} unchanged, ${stale.length} removed\n`,
);
