import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The package root (src/index.ts and everything it imports, transitively) must not import a
// Node built-in, so `@xai/audit` bundles for the browser; file and process I/O live in
// src/node.ts (`@xai/audit/node`). The build-level check is esbuild --platform=browser on
// dist/index.js (README, "Browser-safe root").
const src = new URL('./', import.meta.url).pathname;
const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const NODE = /^(node:|fs$|path$|os$|crypto$|child_process$|worker_threads$|url$|util$|stream$)/;

function walk(entry: string): { files: string[]; builtins: string[] } {
  const seen = new Set<string>();
  const builtins: string[] = [];
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = (m[1] ?? m[2])!;
      if (/^import\s+type\s/.test(m[0]) || /^export\s+type\s/.test(m[0])) continue;
      if (NODE.test(spec)) builtins.push(`${file.slice(src.length)} imports ${spec}`);
      else if (spec.startsWith('.')) stack.push(join(dirname(file), spec.replace(/\.js$/, '.ts')));
    }
    if (/\bprocess\.(argv|env|cwd|exit)/.test(text)) builtins.push(`${file.slice(src.length)} uses process`);
  }
  return { files: [...seen], builtins };
}

describe('browser-safe root', () => {
  it('src/index.ts imports no Node built-in, directly or transitively', () => {
    const { files, builtins } = walk(join(src, 'index.ts'));
    expect(files.length).toBeGreaterThan(30);
    expect(builtins).toEqual([]);
  });
  it('the Node pieces are reachable from src/node.ts only', () => {
    const root = new Set(walk(join(src, 'index.ts')).files.map((f) => f.slice(src.length)));
    for (const f of [
      'runAuditCommand.ts',
      'adapters/csvAdapter.ts',
      'adapters/jsonlAdapter.ts',
      'receipts/verifyLedger.ts',
      'internal/rerunEntry.ts',
    ])
      expect(root.has(f), f).toBe(false);
    const { builtins } = walk(join(src, 'node.ts'));
    expect(builtins.length).toBeGreaterThan(0); // the check can see a built-in when there is one
  });
});
