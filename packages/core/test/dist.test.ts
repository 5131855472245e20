import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// Runs against the BUILT package (turbo builds before testing), through its own exports map.
const dist = new URL('../dist/', import.meta.url);

/** Bare module specifiers imported by an ESM file and the chunks it pulls in (resolved relative to each file). */
function bareImports(file: string | URL, seen = new Set<string>()): Set<string> {
  const url = new URL(file, dist);
  const out = new Set<string>();
  if (seen.has(url.href)) return out;
  seen.add(url.href);
  const src = readFileSync(url, 'utf8');
  for (const m of src.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
    const spec = m[1]!;
    if (spec.startsWith('.')) for (const s of bareImports(new URL(spec, url), seen)) out.add(s);
    else out.add(spec);
  }
  return out;
}

describe('@xai/core built package', () => {
  it('the main entry has no runtime dependency (ndarray and ml-matrix stay in /interop)', () => {
    const deps = [...bareImports('index.js')].map((s) => s.split('/')[0]);
    expect(new Set(deps)).toEqual(new Set());
    const interop = [...bareImports('interop.js')].map((s) => s.split('/')[0]);
    expect(interop).toContain('ndarray');
    expect(interop).toContain('ml-matrix');
  });

  it('loads through the exports map from ESM and CJS, including a subpath', async () => {
    const esm = await import('@xai/core');
    const req = createRequire(import.meta.url);
    const cjs = req('@xai/core');
    expect(esm.createRng(3).uniform()).toBe(cjs.createRng(3).uniform());
    const argsortMod = await import('@xai/core/kernels/argsort');
    expect(Array.from(argsortMod.argsort([2, 1]))).toEqual([1, 0]);
    const interop = req('@xai/core/interop');
    expect(typeof interop.toNdarray).toBe('function');
  });

  it('ships declaration files for every entry', () => {
    const files = readdirSync(dist, { recursive: true }).map(String);
    for (const js of files.filter((f) => f.endsWith('.js') && !f.includes('chunk-'))) {
      expect(files).toContain(js.replace(/\.js$/, '.d.ts'));
      expect(files).toContain(js.replace(/\.js$/, '.d.cts'));
    }
  });
});

describe('@xai/core conventions across module formats', () => {
  it('isXaiError recognises an error thrown by the CJS build in ESM code (brand, not instanceof)', async () => {
    const esm = await import('@xai/core');
    const cjs = createRequire(import.meta.url)('@xai/core');
    let err: unknown;
    try {
      cjs.checkOptions({ neighbors: 1 }, ['neighbours'], 'f');
    } catch (e) {
      err = e;
    }
    expect(err instanceof esm.XaiError).toBe(false);
    expect(esm.isXaiError(err, 'BAD_OPTION')).toBe(true);
    expect(esm.isXaiError(new Error('x'))).toBe(false);
  });

  it('matmul refuses an output aliasing an input instead of returning garbage', async () => {
    const { matmul, fromRows } = await import('@xai/core');
    const a = fromRows([
      [1, 2],
      [3, 4],
    ]);
    const eye = fromRows([
      [1, 0],
      [0, 1],
    ]);
    expect(() => matmul(a, eye, a)).toThrow(/out shares memory with input a/);
    expect(Array.from(matmul(a, eye).data)).toEqual([1, 2, 3, 4]);
  });
});

describe('@xai/core exports map', () => {
  it('keeps tsup chunks unreachable (they live under the blocked internal/ folder)', async () => {
    const chunks = readdirSync(new URL('internal/', dist)).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(readdirSync(dist).some((f) => f.startsWith('chunk-'))).toBe(false);
    const name = chunks[0]!.replace(/\.js$/, '');
    await expect(import(`@xai/core/internal/${name}`)).rejects.toThrow(
      /not exported|not defined by "exports"|ERR_PACKAGE_PATH_NOT_EXPORTED|Missing/,
    );
    expect(() => createRequire(import.meta.url)(`@xai/core/internal/${name}`)).toThrow(/not defined by "exports"/);
  });
});
