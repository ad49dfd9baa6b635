// Where the suite finds the corpus schema its `.annotations-schema` row tests: the repository's
// schemas/ directory, located from this module (src/ and dist/ sit at the same depth).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_SCHEMAS_DIR = fileURLToPath(new URL('../../../schemas/', import.meta.url));

/** The text of `<schemasDir>/v2/tool-descriptor.schema.json`; a clear error naming the file when it is unreadable. */
export function readDescriptorSchemaText(schemasDir: string = DEFAULT_SCHEMAS_DIR): string {
  const file = join(schemasDir, 'v2', 'tool-descriptor.schema.json');
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}
