// Checks the BUILT package: a single-metric subpath pulls in nothing beyond @xai/core and
// its own chunks. Run after `npx tsup`; skips with a message when dist/ is missing.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const pkgDir = resolve(dist, '..');
type Target = { readonly types: string; readonly default: string };
const exportsMap = (JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }).exports;

/** The file a subpath resolves to under `import` or `require`, through the exports map (an own entry, else `./*`). */
function resolveSubpath(subpath: string, condition: 'import' | 'require'): string {
  const own = exportsMap[subpath] as Record<string, Target> | undefined;
  if (own !== undefined) return join(pkgDir, own[condition]!.default);
  const star = (exportsMap['./*'] as Record<string, Target>)[condition]!.default;
  return join(pkgDir, star.replace('*', subpath.slice(2)));
}
const built = existsSync(resolveSubpath('./pgi', 'import'));
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
  for (const [subpath, condition, forbidden] of [
    ['./pgi', 'import', ['relativeStability', 'subgroupComparison', 'pairwiseAgreementKernel', 'stabilityKernel']],
    ['./pgi', 'require', ['relativeStability', 'subgroupComparison', 'pairwiseAgreementKernel', 'stabilityKernel']],
    ['./fa', 'import', ['predictionGapKernel', 'stabilityKernel', 'subgroupComparison']],
    ['./ris', 'import', ['predictionGapKernel', 'topKAgreementKernel', 'subgroupComparison']],
    ['./subgroupComparison', 'import', ['predictionGapKernel', 'stabilityKernel', 'topKAgreementKernel']],
  ] as const) {
    it(`@xai/metrics${subpath.slice(1)} (${condition}) imports only @xai/core and its own chunks`, () => {
      const entry = resolveSubpath(subpath, condition);
      const { files, bare } = importGraph(entry);
      expect([...bare].every((s) => s === '@xai/core')).toBe(true);
      const code = files.map((f) => readFileSync(f, 'utf8')).join('\n');
      for (const name of forbidden) expect(code.includes(name), `${subpath} pulls in ${name}`).toBe(false);
    });
  }

  it('@xai/metrics/pgi runs from dist', async () => {
    const mod = (await import(resolveSubpath('./pgi', 'import'))) as typeof import('../src/predictionGap/pgi.js');
    expect(typeof mod.pgi).toBe('function');
    expect(mod.pgiInfo.id).toBe('PGI');
  });

  it('every own exports-map entry points at built files (ESM, CJS and both type files)', () => {
    for (const [subpath, target] of Object.entries(exportsMap)) {
      if (subpath.includes('*') || target === null || typeof target !== 'object') continue;
      for (const cond of Object.values(target as Record<string, Target>))
        for (const file of [cond.types, cond.default]) expect(existsSync(join(pkgDir, file)), `${subpath}: ${file}`).toBe(true);
    }
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
