// Checks the BUILT package: a single-metric subpath pulls in nothing beyond @xai/core and
// its own chunks. Run after `npx tsup`; skips with a message when dist/ is missing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const built = existsSync(join(dist, 'pgi.js'));
if (!built) console.warn('[build.test] dist/ not found: run `npx tsup` first; skipping the built-package checks');

/** Every file reachable from `entry` by static imports, and the bare specifiers they import. */
function importGraph(entry: string): { files: string[]; bare: Set<string> } {
  const files: string[] = [];
  const bare = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (files.includes(file)) continue;
    files.push(file);
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(
      /(?:import|export)\s*(?:[^'"]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|require\(\s*["']([^"']+)["']\s*\)/g,
    )) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec));
      else bare.add(spec);
    }
  }
  return { files, bare };
}

describe.skipIf(!built)('built package', () => {
  for (const [entry, forbidden] of [
    ['pgi.js', ['relativeStability', 'subgroupComparison', 'pairwiseAgreementKernel', 'stabilityKernel']],
    ['pgi.cjs', ['relativeStability', 'subgroupComparison', 'pairwiseAgreementKernel', 'stabilityKernel']],
    ['fa.js', ['predictionGapKernel', 'stabilityKernel', 'subgroupComparison']],
    ['ris.js', ['predictionGapKernel', 'topKAgreementKernel', 'subgroupComparison']],
    ['subgroupComparison.js', ['predictionGapKernel', 'stabilityKernel', 'topKAgreementKernel']],
  ] as const) {
    it(`${entry} imports only @xai/core and its own chunks`, () => {
      const { files, bare } = importGraph(join(dist, entry));
      expect([...bare].every((s) => s === '@xai/core')).toBe(true);
      const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
      for (const name of forbidden) expect(code.includes(name), `${entry} pulls in ${name}`).toBe(false);
    });
  }

  it('@xai/metrics/pgi runs from dist', async () => {
    const mod = (await import(join(dist, 'pgi.js'))) as typeof import('../src/pgi.js');
    expect(typeof mod.pgi).toBe('function');
    expect(mod.pgiInfo.id).toBe('PGI');
  });

  it('every public source file has an ESM and a CJS build with types (subpath exports)', () => {
    const srcDir = resolve(dist, '../src');
    const entries = readdirSync(srcDir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const f of entries) {
      const base = f.slice(0, -3);
      for (const ext of ['.js', '.cjs', '.d.ts', '.d.cts']) expect(existsSync(join(dist, base + ext)), base + ext).toBe(true);
    }
    // dist/internal holds only tsup's shared chunks (blocked by the exports map), never src/internal entries.
    if (existsSync(join(dist, 'internal')))
      for (const f of readdirSync(join(dist, 'internal'))) expect(f.startsWith('chunk-'), f).toBe(true);
    expect(existsSync(join(dist, '__fixtures__'))).toBe(false);
  });
});
