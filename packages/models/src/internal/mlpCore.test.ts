import { describe, expect, it } from 'vitest';
import { createMlp } from '../createMlp.js';
import { withPrecision } from '../withPrecision.js';
import { trainModel } from '../trainModel.js';
import type { MlpModel } from './mlpModel.js';
import { CHUNK } from './mlpModel.js';

const f = Math.fround;

describe('one float64 softmax', () => {
  it("inputGradient's p is predictProba's p bit for bit (W = I, b = 0: grad_k = p_t(δ_tk − p_k))", () => {
    // with identity weights and zero bias the logits are x and the input gradient is the
    // seeded output gradient itself: G_k = −p_t·p_k (+ p_t at k = t), each product exact
    // in the order the kernel forms it, so any last-bit difference in p shows up
    const m = createMlp(3, { classes: 3, seed: 1 });
    m.parameters.fill(0);
    m.parameters[0] = 1;
    m.parameters[4] = 1;
    m.parameters[8] = 1;
    const n = 300;
    const X = Float64Array.from({ length: n * 3 }, (_, i) => Math.sin(i * 12.9898) * 7);
    const x = { rows: n, cols: 3, data: X };
    const p = m.predictProba(x).data;
    const t = Int32Array.from({ length: n }, (_, i) => i % 3);
    const g = m.inputGradient(x, t).data;
    let mismatches = 0;
    for (let i = 0; i < n; i++) {
      const pt = p[i * 3 + t[i]!]!;
      for (let j = 0; j < 3; j++) {
        let e = -pt * p[i * 3 + j]!;
        if (j === t[i]) e += pt;
        if (!Object.is(e, g[i * 3 + j])) mismatches++;
      }
    }
    expect(mismatches).toBe(0);
  });
});

describe('MlpCore.release', () => {
  it('frees every batch-sized buffer, the transposed copies included, and the model still works', () => {
    const m = createMlp(12, { hidden: [16, 16], seed: 2 }) as unknown as MlpModel;
    const n = 64; // ≥ 16 rows and ≥ 8 wide: the transposed (tA/tB/wT) paths run
    const x = { rows: n, cols: 12, data: Float64Array.from({ length: n * 12 }, (_, i) => Math.cos(i)) };
    const y = Int32Array.from({ length: n }, (_, i) => i % 2);
    trainModel(m, { train: { x, y } }, { epochs: 1, batchSize: 64, validationFraction: 0 });
    const before = m.predictProba(x).data.slice();
    const g = m.inputGradient(x, y).data.slice();
    expect(m.core.bufferBytes()).toBeGreaterThan(0);
    m.release();
    expect(m.core.bufferBytes()).toBe(0);
    expect(Array.from(m.predictProba(x).data)).toEqual(Array.from(before));
    expect(Array.from(m.inputGradient(x, y).data)).toEqual(Array.from(g));
  });
});

describe('float32 hidden', () => {
  it('over more than CHUNK rows into a strided out equals a hand-rolled float32 first layer', () => {
    const d = 3;
    const w = 4;
    const m = withPrecision(createMlp(d, { hidden: [w, 5], seed: 3, activation: 'tanh' }), 'float32');
    const n = CHUNK + 37;
    const X = Float64Array.from({ length: n * d }, (_, i) => Math.sin(i * 0.37) * 2);
    const stride = w + 2;
    const out = { rows: n, cols: w, data: new Float64Array(n * stride + 1).fill(-9), offset: 1, stride };
    for (const activation of ['pre', 'post'] as const) {
      m.hidden!({ rows: n, cols: d, data: X }, { activation, out });
      const P = m.parameters; // layer 0: W (w x d) then b
      let bad = 0;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < w; j++) {
          let acc = 0;
          for (let k = 0; k < d; k++) acc = f(acc + f(f(P[j * d + k]!) * f(X[i * d + k]!)));
          let z = f(acc + f(P[w * d + j]!));
          if (activation === 'post') z = f(Math.tanh(z));
          if (!Object.is(z, out.data[1 + i * stride + j])) bad++;
        }
      expect(bad).toBe(0);
      // the gaps between strided rows are untouched
      expect(out.data[0]).toBe(-9);
      expect(out.data[1 + w]).toBe(-9);
    }
  });
});
