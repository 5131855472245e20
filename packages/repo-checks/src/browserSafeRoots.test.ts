// Every package but the CLI must load in a browser: its root entry (src/index.ts) bundles for
// `platform: 'browser'` with no Node built-in anywhere in its import graph. Node I/O lives under
// each package's `/node` subpath. One checker for the whole repository: @xai/testing-browser's.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { formatBuiltinImports, nodeBuiltinImports } from '@xai/testing-browser/nodeBuiltinImports';
import { describe, expect, it } from 'vitest';
import { publishedPackages } from './publicApi.js';
import { REPO_ROOT } from './repoFiles.js';

/** The command-line package is Node-only by design. */
const NODE_ONLY = new Set(['@xai/bench']);
// A browser runtime that need not be bundled for the check (onnx loads it lazily).
const EXTERNAL = ['onnxruntime-web'];

describe('browser-safe package roots', () => {
  const roots = publishedPackages(REPO_ROOT).filter((p) => !NODE_ONLY.has(p.name));

  it('finds the nine browser-safe packages', () => {
    expect(roots.map((p) => p.name)).toEqual(
      ['audit', 'core', 'data', 'explainers', 'metrics', 'models', 'onnx', 'synth', 'trees'].map((n) => `@xai/${n}`),
    );
  });

  for (const { name, dir } of roots) {
    it(`${name}: src/index.ts imports no Node built-in`, async () => {
      expect(formatBuiltinImports(await nodeBuiltinImports(join(dir, 'src', 'index.ts'), EXTERNAL))).toEqual([]);
    });
  }

  it('the check can fail: @xai/data/node reads files', async () => {
    const nodeEntry = join(REPO_ROOT, 'packages', 'data', 'src', 'node.ts');
    expect(existsSync(nodeEntry)).toBe(true);
    expect((await nodeBuiltinImports(nodeEntry, EXTERNAL)).length).toBeGreaterThan(0);
  });
});
