import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { command, runnerOf } from '../src/index.js';

let fx: Fixture | undefined;
afterEach(() => {
  fx?.remove();
  fx = undefined;
});

describe('the command prefix of messages', () => {
  it('is npx openwop-spec in a published package, pnpm exec openwop-spec in a private workspace package', () => {
    const root = (fx = createFixture({
      'node_modules/openwop-spec/package.json': '{ "name": "openwop-spec", "version": "0.1.0" }\n',
      'node_modules/openwop-spec/dist/chunk.js': '',
      'packages/cli/package.json': '{ "name": "@openwop-spec/cli", "private": true }\n',
      'packages/cli/dist/chunk.js': '',
    })).root;
    const at = (path: string) => runnerOf(pathToFileURL(join(root, path)).href);
    expect(at('node_modules/openwop-spec/dist/chunk.js')).toBe('npx openwop-spec');
    expect(at('packages/cli/dist/chunk.js')).toBe('pnpm exec openwop-spec');
  });

  it('in this workspace, where the tests run, names the command as the parity lines do', () => {
    expect(command('scenario-majors --write')).toBe('pnpm exec openwop-spec scenario-majors --write');
  });
});
