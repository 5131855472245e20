// Shared tsup settings: every non-test source file outside internal/ becomes an entry,
// so `exports["./*"]` and the build cannot drift apart (fast-check derives entries the same way).
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Options } from 'tsup';

function sourceFiles(dir: string, root: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === 'internal' || name === '__fixtures__') continue;
      out.push(...sourceFiles(path, root));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) {
      out.push(relative(root, path));
    }
  }
  return out;
}

export function xaiTsup(overrides: Options = {}): Options {
  return {
    entry: sourceFiles('src', '.'),
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    shims: true,
    splitting: true,
    // Shared chunks live under dist/internal/, which every exports map blocks ("./internal/*": null),
    // so `@xai/x/chunk-…` never resolves for a consumer.
    esbuildOptions(options) {
      options.chunkNames = 'internal/[name]-[hash]';
    },
    ...overrides,
  };
}
