// An interrupted --write leaves the committed file intact and no temporary file.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type * as NodeFs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

const fail = vi.hoisted(() => ({ rename: false, write: false, temps: new Set<number>() }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  return {
    ...fs,
    renameSync: (...args: Parameters<typeof fs.renameSync>) => {
      if (fail.rename) throw Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' });
      return fs.renameSync(...args);
    },
    openSync: (...args: Parameters<typeof fs.openSync>) => {
      const fd = fs.openSync(...args);
      if (String(args[0]).endsWith('.tmp')) fail.temps.add(fd);
      return fd;
    },
    writeSync: (fd: number, ...rest: unknown[]) => {
      // Only the temporary file of an atomic write; fixture files are written normally.
      if (fail.write && fail.temps.has(fd)) {
        fs.writeSync(fd, 'half');
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }
      return (fs.writeSync as (fd: number, ...r: unknown[]) => number)(fd, ...rest);
    },
  };
});

const {
  corpusFiles,
  declaration,
  fixturesOnDisk,
  generatedFixture,
  json,
  mcpRow,
  toolCatalogRow,
  canvasRow,
  DELETED_ROW,
  WRITE,
} = await import('./corpus.js');
fixturesOnDisk();
const { runGenerator } = await import('../src/index.js');

const OUT = 'schemas/v2/capabilities.schema.json';

afterEach(() => {
  fail.rename = false;
  fail.write = false;
  fail.temps.clear();
});

/** A committed corpus whose declaration has then changed, so --write has new bytes to write. */
function changed() {
  const f = generatedFixture(corpusFiles());
  const before = f.tree().text(OUT);
  f.write({
    'spec/v2/declaration.json': json(
      declaration({ families: [mcpRow({ owningRfc: '0204' }), toolCatalogRow(), canvasRow(), DELETED_ROW] }),
    ),
  });
  return { f, before };
}

describe('an interrupted --write', () => {
  it('a failing rename: input error naming the file, old file intact, no temporary file left', () => {
    const { f, before } = changed();
    fail.rename = true;
    expect(() => runGenerator(f.tree(), WRITE)).toThrowError(
      expect.objectContaining({
        name: 'InputError',
        message: `cannot write ${OUT}: EIO; the file is unchanged`,
        location: { file: OUT },
      }),
    );
    fail.rename = false;
    expect(f.tree().text(OUT)).toBe(before);
    expect(readdirSync(join(f.root, 'schemas/v2'))).toEqual(['capabilities.schema.json']);
  });

  it('a write that fails half-way: old file intact, the partial temporary file removed', () => {
    const { f, before } = changed();
    fail.write = true;
    expect(() => runGenerator(f.tree(), WRITE)).toThrowError(
      expect.objectContaining({
        name: 'InputError',
        message: `cannot write ${OUT}: no space left on the device; the file is unchanged`,
      }),
    );
    fail.write = false;
    expect(f.tree().text(OUT)).toBe(before);
    expect(readdirSync(join(f.root, 'schemas/v2'))).toEqual(['capabilities.schema.json']);
    // And the next write succeeds.
    expect(runGenerator(f.tree(), WRITE).summaryLine).toBe(`wrote ${OUT}`);
    expect(f.tree().text(OUT)).not.toBe(before);
  });
});
