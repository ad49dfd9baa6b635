// Atomic writes (class K of the fuzzing report): flushed before the rename, and a temporary file
// left by a killed writer is found and removed by the next write.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as NodeFs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => [] as string[]);
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const fds = new Map<number, string>();
  return {
    ...fs,
    openSync: (...args: Parameters<typeof fs.openSync>) => {
      const fd = fs.openSync(...args);
      fds.set(fd, String(args[0]).endsWith('.tmp') ? 'temp' : 'folder');
      return fd;
    },
    fsyncSync: (fd: number) => {
      calls.push(`fsync ${fds.get(fd)}`);
      return fs.fsyncSync(fd);
    },
    renameSync: (...args: Parameters<typeof fs.renameSync>) => {
      calls.push('rename');
      return fs.renameSync(...args);
    },
  };
});

const { writeAtomic } = await import('../src/index.js');
const { createFixture } = await import('../src/testing.js');
const fixtures: Array<{ remove(): void }> = [];
afterEach(() => {
  for (const f of fixtures.splice(0)) f.remove();
  calls.length = 0;
});

/** The id of a process that has exited (ids are reused only after the system wraps around). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

describe('writeAtomic', () => {
  it('flushes the temporary file before renaming it, then the folder', () => {
    const f = createFixture({ 'out/a.json': 'old\n' });
    fixtures.push(f);
    expect(writeAtomic(join(f.root, 'out/a.json'), 'new\n', { within: f.root })).toBe('written');
    expect(calls).toEqual(['fsync temp', 'rename', 'fsync folder']);
    expect(readFileSync(join(f.root, 'out/a.json'), 'utf8')).toBe('new\n');
    expect(readdirSync(join(f.root, 'out'))).toEqual(['a.json']);
  });

  it('durable: false renames the written temporary file into place without flushing (the fact cache)', () => {
    const f = createFixture({ 'a.json': 'old\n' });
    fixtures.push(f);
    expect(writeAtomic(join(f.root, 'a.json'), 'new\n', { within: f.root, path: 'a.json', durable: false })).toBe(
      'written',
    );
    expect(calls).toEqual(['rename']);
    expect(readFileSync(join(f.root, 'a.json'), 'utf8')).toBe('new\n');
    expect(readdirSync(f.root)).toEqual(['a.json']);
  });

  it('leaves identical bytes alone: no temporary file, no rename', () => {
    const f = createFixture({ 'a.json': 'same\n' });
    fixtures.push(f);
    expect(writeAtomic(join(f.root, 'a.json'), 'same\n', { within: f.root })).toBe('unchanged');
    expect(calls).toEqual([]);
  });

  it('removes the temporary file a killed writer left, and keeps one a live writer owns', () => {
    const f = createFixture({ 'a.json': 'old\n', 'b.json': 'other\n' });
    fixtures.push(f);
    const dead = `.a.json.${deadPid()}.0123456789ab.tmp`;
    const live = `.a.json.${process.ppid}.0123456789ab.tmp`;
    const otherFile = `.b.json.${deadPid()}.0123456789ab.tmp`;
    for (const name of [dead, live, otherFile]) writeFileSync(join(f.root, name), 'partial');
    writeAtomic(join(f.root, 'a.json'), 'new\n', { within: f.root });
    expect(readdirSync(f.root).sort()).toEqual([live, otherFile, 'a.json', 'b.json'].sort());
  });

  it('refuses to replace a folder, naming the path', () => {
    const f = createFixture({ 'out/a.json/x': '' });
    fixtures.push(f);
    expect(() => writeAtomic(join(f.root, 'out/a.json'), 'x', { within: f.root, path: 'out/a.json' })).toThrowError(
      expect.objectContaining({
        rule: 'input/not-a-file',
        message: 'cannot write out/a.json: it is a folder; the tool writes only regular files (remove it first)',
      }),
    );
  });
});
