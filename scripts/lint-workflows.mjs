#!/usr/bin/env node
// `pnpm lint:workflows` (part of `pnpm lint`): actionlint over every GitHub workflow this repository
// runs (.github/workflows/) or gives adopters to copy (packages/*/templates/). actionlint's WebAssembly
// build (the `actionlint` package) needs no binary download; it checks the workflow syntax,
// expressions and their contexts, untrusted input in scripts and known actions' inputs (not shell
// scripts: shellcheck does not run inside it). Prints `file:line:column: message [kind]` per finding
// and exits 1 when there is one, 2 when a workflow cannot be read.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLinter } from 'actionlint';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WORKFLOW = /\.ya?ml$/;

/** The workflows under `dirs` (repository-relative), or the files given on the command line. */
function workflows(args) {
  if (args.length > 0) return args;
  const dirs = ['.github/workflows', ...readdirSync(join(ROOT, 'packages')).map((p) => `packages/${p}/templates`)];
  return dirs.flatMap((dir) => {
    try {
      return readdirSync(join(ROOT, dir))
        .filter((f) => WORKFLOW.test(f))
        .sort()
        .map((f) => join(ROOT, dir, f));
    } catch {
      return [];
    }
  });
}

const files = workflows(process.argv.slice(2));
const lint = await createLinter();
let findings = 0;
for (const file of files) {
  const name = relative(process.cwd(), file) || file;
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    console.error(`${name}: cannot read: ${err.message}`);
    process.exit(2);
  }
  for (const r of lint(text, name)) {
    findings++;
    console.error(`${name}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  }
}
if (files.length === 0) {
  console.error('lint-workflows: no workflow found');
  process.exit(2);
}
console.log(`lint-workflows: ${files.length} workflow(s), ${findings} finding(s)`);
process.exit(findings > 0 ? 1 : 0);
