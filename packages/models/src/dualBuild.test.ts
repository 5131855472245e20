// A model made by one build (CJS) must be accepted by the other (ESM): the engine check is a
// Symbol.for brand, not `instanceof` (two builds hold two MlpModel classes).
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
// Needs `pnpm --filter @xai/models build` first (as readme.test.ts does).
describe('ESM and CJS builds accept each other’s models', () => {
  it('withPrecision / trainModel / lossGradients / withPreprocessing from ESM take a CJS-made model', async () => {
    const esm = (await import(`${dist}index.js`)) as typeof import('./index.js');
    const cjs = createRequire(import.meta.url)(`${dist}index.cjs`) as typeof import('./index.js');
    expect(esm.createMlp).not.toBe(cjs.createMlp); // really two module instances
    const fromCjs = cjs.createMlp(2, { hidden: [3], seed: 4 });
    const twin = esm.createMlp(2, { hidden: [3], seed: 4 }); // same seed: same weights
    expect(Array.from(fromCjs.parameters)).toEqual(Array.from(twin.parameters));
    const x = { rows: 4, cols: 2, data: Float64Array.of(0.1, 0.9, 0.4, 0.2, 0.8, 0.3, 0.5, 0.5) };
    const y = Int32Array.of(0, 1, 1, 0);

    const f32 = esm.withPrecision(fromCjs, 'float32');
    expect(f32.precision).toBe('float32');
    // identical to converting the ESM twin
    expect(Array.from(f32.predictProba(x).data)).toEqual(Array.from(esm.withPrecision(twin, 'float32').predictProba(x).data));

    const g = esm.lossGradients(fromCjs, x, y);
    expect(Array.from(g.gradient)).toEqual(Array.from(esm.lossGradients(twin, x, y).gradient));

    const pre = { features: ['a', 'b'], kinds: ['continuous', 'continuous'] as const, scaler: { kind: 'none' as const } };
    expect(esm.withPreprocessing(fromCjs, { ...pre, kinds: [...pre.kinds] }).preprocessing?.features).toEqual(['a', 'b']);

    const r = esm.trainModel(fromCjs, { train: { x, y } }, { epochs: 2, validationFraction: 0 });
    esm.trainModel(twin, { train: { x, y } }, { epochs: 2, validationFraction: 0 });
    expect(r.epochsRun).toBe(2);
    expect(Array.from(fromCjs.parameters)).toEqual(Array.from(twin.parameters));
    // and the other way round
    expect(cjs.withPrecision(twin, 'float32').precision).toBe('float32');
    // a look-alike object without the brand is still refused
    expect(() => esm.withPrecision({ ...twin } as never, 'float32')).toThrow(expect.objectContaining({ code: 'NOT_SUPPORTED' }));
  });
});
