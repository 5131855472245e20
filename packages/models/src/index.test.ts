// The root entry must bundle for a browser: no Node built-in anywhere in its import graph.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const here = fileURLToPath(new URL('.', import.meta.url));

async function bundle(entry: string): Promise<{ ok: boolean; errors: string[]; nodeImports: string[] }> {
  const nodeImports: string[] = [];
  try {
    await build({
      entryPoints: [`${here}${entry}`],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      plugins: [
        {
          name: 'record-node-builtins',
          setup(b) {
            // node:fs, fs, path… are recorded (and left external) so the test can name them
            b.onResolve({ filter: /^(node:|fs$|fs\/|path$|os$|url$|crypto$|worker_threads$|child_process$)/ }, (args) => {
              nodeImports.push(`${args.path} (from ${args.importer.slice(here.length)})`);
              return { path: args.path, external: true };
            });
          },
        },
      ],
    });
    return { ok: true, errors: [], nodeImports };
  } catch (e) {
    return { ok: false, errors: [(e as Error).message], nodeImports };
  }
}

describe('browser-safe root', () => {
  it('src/index.ts bundles for platform browser and imports no Node built-in', async () => {
    const r = await bundle('index.ts');
    expect(r.errors).toEqual([]);
    expect(r.nodeImports).toEqual([]);
  });

  it('the check can fail: src/node.ts (file I/O) is reported', async () => {
    const r = await bundle('node.ts');
    expect(r.nodeImports.some((s) => s.startsWith('node:fs'))).toBe(true);
  });
});
