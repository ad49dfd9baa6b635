// requirements.json and the rows agree: one record per row, each naming the scenario file that
// registers the row and, when the row observes a host, a witness class the declaration defines.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registeredRows } from '../../gate-references/test/security-invariants.js';
import { REQUIREMENT_PREFIX, ROWS } from '../src/rows/index.js';

interface RequirementRecord {
  id: string;
  scenario: string;
  witness?: string;
  invariants?: string[];
}

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');
const records = (JSON.parse(read('../requirements.json')) as { records: RequirementRecord[] }).records;
const witnessClasses = (JSON.parse(read('../../../spec/v2/declaration.json')) as { witnessClasses: string[] })
  .witnessClasses;

describe('requirements.json', () => {
  it('has one record per row, in the order the rows run', () => {
    expect(records.map((r) => r.id)).toEqual(ROWS.map((row) => REQUIREMENT_PREFIX + row.id));
  });

  it('names, for each row, the scenario file that registers it', () => {
    for (const record of records)
      expect(registeredRows(read(`../src/scenarios/${record.scenario}`)), record.id).toContain(
        record.id.slice(REQUIREMENT_PREFIX.length),
      );
  });

  it('gives every host row a declared witness class, and the corpus row none', () => {
    for (const row of ROWS) {
      const record = records.find((r) => r.id === REQUIREMENT_PREFIX + row.id)!;
      if (row.corpus === true) expect(record.witness, row.id).toBeUndefined();
      else expect(witnessClasses, row.id).toContain(record.witness);
    }
  });
});
