import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { packageFile, packageRequire } from '../src/index.js';

let fx: Fixture | undefined;
afterEach(() => {
  fx?.remove();
  fx = undefined;
});

const pkg = (name: string, deps: Record<string, string> = {}) =>
  JSON.stringify({
    name,
    version: '1.0.0',
    type: 'module',
    exports: { '.': './index.js', './shape.json': './shape.json' },
    dependencies: deps,
  });

/**
 * An installation as npm lays one out: `app` depends on `lib`, which depends on `dep` (nested under
 * lib, so only lib finds it); in another folder, `bundle`, a package that ships lib bundled and depends on `dep` itself.
 */
function installation(): Fixture {
  return (fx = createFixture({
    'app/node_modules/app/package.json': pkg('app', { lib: '1.0.0' }),
    'app/node_modules/app/index.js': '',
    'app/node_modules/lib/package.json': pkg('lib', { dep: '1.0.0' }),
    'app/node_modules/lib/index.js': '',
    'app/node_modules/lib/shape.json': '{ "from": "lib" }\n',
    'app/node_modules/lib/node_modules/dep/package.json': pkg('dep'),
    'app/node_modules/lib/node_modules/dep/index.js': '',
    'tool/node_modules/bundle/package.json': pkg('bundle', { dep: '1.0.0' }),
    'tool/node_modules/bundle/dist/chunk.js': '',
    'tool/node_modules/bundle/dist/files/lib/shape.json': '{ "from": "the bundle" }\n',
    'tool/node_modules/bundle/node_modules/dep/package.json': pkg('dep'),
    'tool/node_modules/bundle/node_modules/dep/index.js': '',
  }));
}
const url = (root: string, path: string): string => pathToFileURL(join(root, path)).href;

describe('packageRequire', () => {
  it('resolves as the named package does, from a package that depends on it', () => {
    const root = installation().root;
    expect(packageRequire('lib', url(root, 'app/node_modules/app/index.js')).resolve('dep')).toBe(
      join(root, 'app/node_modules/lib/node_modules/dep/index.js'),
    );
  });

  it('where the named package is bundled, not installed, resolves as the bundle’s own package does', () => {
    const root = installation().root;
    expect(packageRequire('lib', url(root, 'tool/node_modules/bundle/dist/chunk.js')).resolve('dep')).toBe(
      join(root, 'tool/node_modules/bundle/node_modules/dep/index.js'),
    );
  });
});

describe('packageFile', () => {
  it('is the file the named package ships, found by its name', () => {
    const root = installation().root;
    expect(fileURLToPath(packageFile('lib', 'shape.json', url(root, 'app/node_modules/app/index.js')))).toBe(
      join(root, 'app/node_modules/lib/shape.json'),
    );
  });

  it('where the named package is bundled, is the copy in files/<name>/ beside the bundle', () => {
    const root = installation().root;
    expect(fileURLToPath(packageFile('lib', 'shape.json', url(root, 'tool/node_modules/bundle/dist/chunk.js')))).toBe(
      join(root, 'tool/node_modules/bundle/dist/files/lib/shape.json'),
    );
  });
});
