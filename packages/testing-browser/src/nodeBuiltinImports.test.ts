import { describe, expect, it } from 'vitest';
import { formatBuiltinImports, nodeBuiltinImports } from './nodeBuiltinImports.js';

describe('nodeBuiltinImports', () => {
  it('is empty for browser-safe code and lists every built-in otherwise, with its importer', async () => {
    const here = new URL('.', import.meta.url).pathname;
    expect(await nodeBuiltinImports({ contents: 'export const x = Math.sqrt(2);', resolveDir: here })).toEqual([]);
    const found = await nodeBuiltinImports({ contents: "import 'node:fs'; import 'path'; export {};", resolveDir: here });
    expect(found.map((f) => f.builtin).sort()).toEqual(['node:fs', 'path']);
    // This very file's package root reaches node:module (it is a Node test helper).
    expect((await nodeBuiltinImports(new URL('./nodeBuiltinImports.ts', import.meta.url).pathname)).map((f) => f.builtin)).toContain(
      'node:module',
    );
  });

  it('names each finding with its importer, from packages/ on', () => {
    const found = [
      { builtin: 'node:fs', importer: '/work/repo/packages/data/src/node.ts' },
      { builtin: 'path', importer: '<stdin>' },
    ];
    expect(formatBuiltinImports(found)).toEqual(['node:fs (imported by packages/data/src/node.ts)', 'path (imported by <stdin>)']);
  });

  it('needs only esbuild and node:module (no playwright-core, which reaches fs, child_process, ...)', async () => {
    const self = new URL('./nodeBuiltinImports.ts', import.meta.url).pathname;
    const found = await nodeBuiltinImports(self, ['esbuild']);
    expect(found.map((f) => f.builtin)).toEqual(['node:module']);
  });
});
