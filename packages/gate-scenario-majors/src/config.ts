import { readFileSync } from 'node:fs';
import type { Diagnostic, Point } from '@openwop-spec/diagnostics';
import { InputError } from '@openwop-spec/diagnostics';
import { isRecord } from '@openwop-spec/json';
import { command, createAjv, errorMessage, errorPointer, packageFile, parseJson, shape } from '@openwop-spec/spec-tree';
import type { Ajv, FactKind, JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
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
  /** The manifest's `$comment`, when the config sets one. */
  manifestComment?: string;
}

// By package name, so the bundled bin and the npm package find it too.
const SCHEMA = packageFile('@openwop-spec/gate-scenario-majors', 'scenario-majors.config.schema.json', import.meta.url);
let validator: ReturnType<Ajv['compile']> | undefined;

/**
 * The config schema's validator (strict, all errors), compiled on first use. The schema is shipped
 * and its validity under the draft 2020-12 meta-schema is tested, so the run skips that pass (it
 * costs more than the compile).
 */
const configValidator = (): ReturnType<Ajv['compile']> =>
  (validator ??= createAjv({ validateSchema: false }).compile(JSON.parse(readFileSync(SCHEMA, 'utf8')) as object));

/** The config's first format violation in document order, or null when the schema accepts it. */
type Violation = { pointer: string; message: string; start: Point } | null;

/**
 * The config's verdict under its schema, cached by the config's content and the schema's bytes
 * (a resource of the kind): a run whose config and schema are unchanged never loads Ajv.
 */
export const configFormat: FactKind<Violation> = {
  id: 'scenario-majors:config-format',
  code: import.meta.url,
  resources: [SCHEMA.href],
  derive({ path, text }) {
    const doc = parseJson(text, path);
    const validate = configValidator();
    if (validate(doc.value)) return null;
    const located = (validate.errors ?? []).map((err) => {
      const pointer = errorPointer(err);
      const range = err.keyword === 'additionalProperties' ? doc.locateKey(pointer) : doc.locate(pointer);
      return { pointer, message: errorMessage(err), start: range.start };
    });
    located.sort((a, b) => (a.start.offset ?? 0) - (b.start.offset ?? 0));
    return located[0]!;
  },
  toJson: (violation) => violation,
  fromJson: (json) =>
    json === null
      ? null
      : isRecord(json) &&
          shape.isString(json['pointer']) &&
          shape.isString(json['message']) &&
          shape.isPoint(json['start'])
        ? {
            pointer: json['pointer'],
            message: json['message'],
            start: { line: json['start'].line, column: json['start'].column, offset: json['start'].offset },
          }
        : undefined,
};

/**
 * Reads and validates `scenario-majors.config.json`. A missing file, invalid JSON or a format
 * violation is an input error (exit 2) at the first offending position in the document.
 */
export async function loadConfig(tree: SpecTree, layout: MajorsLayout): Promise<MajorsConfig> {
  const file = layout.config;
  if (tree.info(file).kind === 'missing') {
    throw new InputError(
      `${file} does not exist — \`${command('init')}\` creates it from the committed ${layout.manifest}; the gate reads from it which scenario files run at both protocol majors`,
      { file },
      'input/missing',
    );
  }
  const doc = tree.json(file);
  const violation = await tree.factsOf(file, configFormat);
  if (violation)
    throw new InputError(`${file}: ${violation.pointer || '(root)'}: ${violation.message}`, {
      file,
      start: violation.start,
    });
  const value = doc.value as { bothMajors: Omit<BothMajorsEntry, 'index'>[]; manifestComment?: string };
  return {
    file,
    doc,
    entries: value.bothMajors.map((e, index) => ({ index, file: e.file, rfc: e.rfc, reason: e.reason })),
    ...(value.manifestComment === undefined ? {} : { manifestComment: value.manifestComment }),
  };
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
