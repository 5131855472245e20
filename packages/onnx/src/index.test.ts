// The root entry is browser-safe: bundling it for the browser reaches no Node built-in.
import { fileURLToPath } from 'node:url';
import { nodeBuiltinImports } from '@xai/testing-browser';
import { describe, expect, it } from 'vitest';

const src = (name: string): string => fileURLToPath(new URL(`./${name}`, import.meta.url));
// onnxruntime-web is loaded lazily by loadOnnxModelAsync and is not bundled for this check.
const EXTERNAL = ['onnxruntime-web'];

describe('browser safety of @xai/onnx', () => {
  it('the root (src/index.ts and all it imports) reaches no Node built-in', async () => {
    expect(await nodeBuiltinImports(src('index.ts'), EXTERNAL)).toEqual([]);
  });

  it('control: src/node.ts is flagged (node:fs from loadOnnxModel, node:module from the native runner)', async () => {
    const found = await nodeBuiltinImports(src('node.ts'), EXTERNAL);
    const pairs = found.map((f) => `${f.builtin} ← ${f.importer.replace(/\\/g, '/').replace(/^.*\/src\//, 'src/')}`);
    expect(pairs).toEqual(expect.arrayContaining(['node:fs ← src/loadOnnxModel.ts', 'node:module ← src/internal/nodeRunner.ts']));
  });
});
