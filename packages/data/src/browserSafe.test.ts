// The package root must bundle for a browser with no Node built-in anywhere in its graph.
// The checker is @xai/testing-browser's, the one every package uses.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { nodeBuiltinImports } from '@xai/testing-browser/nodeBuiltinImports';

describe('browser-safe root', () => {
  it('src/index.ts bundles for the browser without any Node built-in', async () => {
    expect(await nodeBuiltinImports(fileURLToPath(new URL('./index.ts', import.meta.url)))).toEqual([]);
  });

  it('the check can fail: src/node.ts does import Node built-ins', async () => {
    expect((await nodeBuiltinImports(fileURLToPath(new URL('./node.ts', import.meta.url)))).length).toBeGreaterThan(0);
  });
});
