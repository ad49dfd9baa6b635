import { jsonLines } from './encode/json.js';
import { consequencesOf } from './causes.js';
import { writeParityLine, writePrintout, writeRunLine } from './gate-block.js';
import type { Diagnostic, Point, RuleDoc, Severity } from './model.js';
import { compareCodeUnits, runDiagnostics } from './order.js';
import type { GateOutcome, OutputOptions, Sink } from './output.js';
import { fullMessage } from './text.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

// Only the parts of SARIF 2.1.0 this writer writes.
interface SarifMessage {
  text: string;
}
interface SarifPhysicalLocation {
  artifactLocation: { uri: string; uriBaseId: 'SRCROOT' };
  region?: { startLine: number; startColumn: number; endLine?: number; endColumn?: number };
}
interface SarifRule {
  id: string;
  shortDescription?: SarifMessage;
  fullDescription?: SarifMessage;
  help?: SarifMessage;
  helpUri?: string;
  defaultConfiguration?: { level: 'error' | 'warning' | 'note' };
}
interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: 'error' | 'warning' | 'note';
  message: SarifMessage;
  locations?: Array<{ physicalLocation: SarifPhysicalLocation }>;
  relatedLocations?: Array<{ id: number; physicalLocation: SarifPhysicalLocation; message: SarifMessage }>;
  properties?: Record<string, string | number>;
}
export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: Array<{
    tool: { driver: { name: string; version: string; informationUri?: string; rules: SarifRule[] } };
    invocations: Array<{
      executionSuccessful: boolean;
      exitCode: number;
      toolExecutionNotifications?: Array<{ level: 'error'; message: SarifMessage; properties: { gate: string } }>;
    }>;
    originalUriBaseIds: Record<string, { description: SarifMessage }>;
    columnKind: 'utf16CodeUnits';
    results: SarifResult[];
  }>;
}

/**
 * One SARIF 2.1.0 log with one run. Rules are the catalogue entries the results reference, by id
 * in code-unit order. Paths stay repo-relative against SRCROOT (the uri is left to the consumer,
 * which knows where it checked the repository out; writing the cwd would make output depend on it).
 */
export function buildSarifLog(outcomes: readonly GateOutcome[], code: 0 | 1 | 2, opts: OutputOptions): SarifLog {
  const diagnostics = runDiagnostics(outcomes.map((o) => o.result.diagnostics));
  const ids = [...new Set(diagnostics.map((d) => d.ruleId))].sort(compareCodeUnits);
  const index = new Map(ids.map((id, i) => [id, i]));
  const broken = outcomes.filter((o) => o.exitCode === 2);
  const { name, version, informationUri } = opts.tool;
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name,
            version,
            ...(informationUri !== undefined && { informationUri }),
            rules: ids.map((id) => toRule(id, opts.rules.get(id), opts.helpUri?.(id))),
          },
        },
        invocations: [
          {
            executionSuccessful: code !== 2,
            exitCode: code,
            ...(broken.length > 0 && {
              toolExecutionNotifications: broken.map((o) => ({
                level: 'error' as const,
                message: { text: o.result.summaryLine },
                properties: { gate: o.result.gate },
              })),
            }),
          },
        ],
        originalUriBaseIds: {
          SRCROOT: { description: { text: `The repository root the gates ran on (--root ${opts.root}).` } },
        },
        columnKind: 'utf16CodeUnits',
        results: diagnostics.map((d) => toResult(d, index.get(d.ruleId) ?? 0, consequencesOf(d, diagnostics).length)),
      },
    ],
  };
}

function toRule(id: string, doc: RuleDoc | undefined, helpUri: string | undefined): SarifRule {
  if (!doc) return { id, ...(helpUri !== undefined && { helpUri }) };
  return {
    id,
    shortDescription: { text: doc.summary },
    fullDescription: { text: `${doc.summary} ${doc.fix}` },
    help: { text: `${doc.fix}\n\nFails:\n${doc.fail.says}\n\nPasses:\n${doc.pass.says}` },
    ...(helpUri !== undefined && { helpUri }),
    defaultConfiguration: { level: LEVEL[doc.severity] },
  };
}

/**
 * A consequence names its root cause (`properties.causedBy`, and a related location "root cause:
 * …"); a root cause says how many findings follow from it (`properties.consequences`).
 */
function toResult(d: Diagnostic, ruleIndex: number, consequences: number): SarifResult {
  const result: SarifResult = {
    ruleId: d.ruleId,
    ruleIndex,
    level: LEVEL[d.severity],
    message: { text: fullMessage(d) },
  };
  if (d.file !== undefined) result.locations = [{ physicalLocation: physical(d.file, d.start, d.end) }];
  const related = (d.related ?? []).map((r) => ({ file: r.file, start: r.start, message: r.message }));
  const root = d.causedBy;
  if (root?.file !== undefined)
    related.push({ file: root.file, start: root.start, message: `root cause: ${root.ruleId}` });
  if (related.length > 0) {
    result.relatedLocations = related.map((r, id) => ({
      id,
      physicalLocation: physical(r.file, r.start, undefined),
      message: { text: r.message },
    }));
  }
  result.properties = {
    gate: d.gate,
    ...(d.expected !== undefined && { expected: d.expected }),
    ...(d.actual !== undefined && { actual: d.actual }),
    ...(d.url !== undefined && { url: d.url }),
    ...(root && {
      causedBy: `${root.file ?? root.gate}:${root.start?.line ?? 1}:${root.start?.column ?? 1} ${root.ruleId}`,
    }),
    ...(consequences > 0 && { consequences }),
  };
  return result;
}

function physical(file: string, start: Point | undefined, end: Point | undefined): SarifPhysicalLocation {
  const location: SarifPhysicalLocation = { artifactLocation: { uri: toUriReference(file), uriBaseId: 'SRCROOT' } };
  if (start) {
    location.region = {
      startLine: start.line,
      startColumn: start.column,
      ...(end && { endLine: end.line, endColumn: end.column }),
    };
  }
  return location;
}

/** A repo-relative POSIX path as a relative URI reference: each segment percent-encoded. */
export function toUriReference(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** stdout: exactly the log. stderr: printout lines, parity lines, the run line. */
export function writeSarif(outcomes: readonly GateOutcome[], code: 0 | 1 | 2, opts: OutputOptions, sink: Sink): void {
  for (const line of jsonLines(buildSarifLog(outcomes, code, opts))) sink.stdout(line);
  for (const outcome of outcomes) {
    if (!opts.quiet) writePrintout(outcome, sink, 'stderr');
    writeParityLine(outcome, sink, 'stderr');
  }
  if (!opts.quiet) writeRunLine(outcomes, sink, 'stderr');
}
