import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

/** Rewrites a fact cache file's body and recomputes its checksum, as a writer that is not this code might. */
export function forgeText(file: string, edit: (body: string) => string): void {
  const text = readFileSync(file, 'utf8');
  const nl = text.indexOf('\n');
  const body = edit(text.slice(nl + 1));
  const header = { ...JSON.parse(text.slice(0, nl)), sha256: createHash('sha256').update(body).digest('hex') };
  writeFileSync(file, `${JSON.stringify(header)}\n${body}`);
}

/** `forgeText` on the parsed body. */
export const forge = (file: string, edit: (body: Record<string, any>) => unknown): void =>
  forgeText(file, (body) => JSON.stringify(edit(JSON.parse(body))));
