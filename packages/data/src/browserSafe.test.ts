// The package root must bundle for a browser with no Node built-in anywhere in its graph.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

async function nodeImports(entry: string): Promise<string[]> {
  const seen: string[] = [];
  await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
    plugins: [{
      name: 'no-node-builtins',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (builtins.has(args.path) || args.path.startsWith('node:')) {
            seen.push(`${args.path} (from ${args.importer})`);
            return { path: args.path, external: true };
          }
          return undefined;
        });
      },
    }],
  });
  return seen;
}

describe('browser-safe root', () => {
  it('src/index.ts bundles for the browser without any Node built-in', async () => {
    expect(await nodeImports(fileURLToPath(new URL('./index.ts', import.meta.url)))).toEqual([]);
  });

  it('the check can fail: src/node.ts does import Node built-ins', async () => {
    expect((await nodeImports(fileURLToPath(new URL('./node.ts', import.meta.url)))).length).toBeGreaterThan(0);
  });
});
