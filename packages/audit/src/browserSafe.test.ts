// The package root must bundle for a browser with no Node built-in anywhere in its graph, so
// `@xai/audit` runs in a page; file and process I/O live in src/node.ts (`@xai/audit/node`).
// The checker is @xai/testing-browser's, the one every package uses.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatBuiltinImports, nodeBuiltinImports } from '@xai/testing-browser/nodeBuiltinImports';

const entry = (name: string): string => fileURLToPath(new URL(`./${name}`, import.meta.url));

describe('browser-safe root', () => {
  it('src/index.ts bundles for the browser without any Node built-in', async () => {
    expect(formatBuiltinImports(await nodeBuiltinImports(entry('index.ts')))).toEqual([]);
  });

  it('the check can fail: src/node.ts does import Node built-ins', async () => {
    expect((await nodeBuiltinImports(entry('node.ts'))).length).toBeGreaterThan(0);
  });
});
