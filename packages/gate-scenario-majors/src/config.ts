import { createRequire } from 'node:module';
import type { Diagnostic } from '@openwop-spec/diagnostics';
import { InputError } from '@openwop-spec/diagnostics';
import { createAjv, errorMessage, errorPointer } from '@openwop-spec/spec-tree';
import type { Ajv, JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import type { MajorsLayout } from './layout.js';
import { rules } from './rules.js';

/** One `bothMajors` entry, with its index in the array. */
export interface BothMajorsEntry {
  index: number;
  file: string;
  rfc: string;
  reason: string;
}

export interface MajorsConfig {
  file: string;
  doc: JsonDoc;
  entries: BothMajorsEntry[];
}

const require = createRequire(import.meta.url);
let validator: ReturnType<Ajv['compile']> | undefined;

/** The config schema's validator (strict, all errors), compiled on first use. */
const configValidator = (): ReturnType<Ajv['compile']> =>
  (validator ??= createAjv().compile(require('../scenario-majors.config.schema.json') as object));

/**
 * Reads and validates `scenario-majors.config.json`. A missing file, invalid JSON or a format
 * violation is an input error (exit 2) at the first offending position in the document.
 */
export function loadConfig(tree: SpecTree, layout: MajorsLayout): MajorsConfig {
  const file = layout.config;
  if (tree.info(file).kind === 'missing') {
    throw new InputError(
      `${file} does not exist — \`openwop-spec init\` creates it from the committed ${layout.manifest}; the gate reads from it which scenario files run at both protocol majors`,
      { file },
      'input/missing',
    );
  }
  const doc = tree.json(file);
  const validate = configValidator();
  if (!validate(doc.value)) {
    const located = (validate.errors ?? []).map((err) => {
      const pointer = errorPointer(err);
      const range = err.keyword === 'additionalProperties' ? doc.locateKey(pointer) : doc.locate(pointer);
      return { err, pointer, start: range.start };
    });
    located.sort((a, b) => (a.start.offset ?? 0) - (b.start.offset ?? 0));
    const first = located[0]!;
    throw new InputError(`${file}: ${first.pointer || '(root)'}: ${errorMessage(first.err)}`, {
      file,
      start: first.start,
    });
  }
  const raw = (doc.value as { bothMajors: Omit<BothMajorsEntry, 'index'>[] }).bothMajors;
  return { file, doc, entries: raw.map((e, index) => ({ index, file: e.file, rfc: e.rfc, reason: e.reason })) };
}

/**
 * The gate errors and warnings of §3.1: every entry naming a missing file, every repeated entry,
 * every v2- entry, and the first entry out of order.
 */
export function checkConfig(
  config: MajorsConfig,
  scenarioNames: ReadonlySet<string>,
  layout: MajorsLayout,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (entry: BothMajorsEntry) => ({
    file: config.file,
    start: config.doc.locate(`/bothMajors/${entry.index}/file`).start,
  });
  const firstSeen = new Map<string, BothMajorsEntry>();
  for (const entry of config.entries) {
    const first = firstSeen.get(entry.file);
    if (first) {
      out.push(rules.diagnostic('majors/duplicate-entry', { file: entry.file, line: at(first).start.line }, at(entry)));
      continue;
    }
    firstSeen.set(entry.file, entry);
    if (entry.file.startsWith('v2-'))
      out.push(rules.diagnostic('majors/prefixed-in-both', { file: entry.file }, at(entry)));
    if (!scenarioNames.has(entry.file))
      out.push(rules.diagnostic('majors/missing-file', { file: entry.file, dir: layout.scenarios }, at(entry)));
  }
  for (let i = 1; i < config.entries.length; i++) {
    const previous = config.entries[i - 1]!;
    const entry = config.entries[i]!;
    if (entry.file < previous.file) {
      out.push(rules.diagnostic('majors/config-unsorted', { file: entry.file, previous: previous.file }, at(entry)));
      break;
    }
  }
  return out;
}
