import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import { deletion } from './deletion.js';
import { insertion } from './insertion.js';
import { denseMlp, linearSoftmax, linearValueModel, randomMatrix } from '../__fixtures__/closedFormModels.js';
import flipping from '../__fixtures__/quantusPixelFlipping.json' with { type: 'json' };

describe('deletion / insertion', () => {
  it('hand-computed curves of a linear model', () => {
    // f = 3x0 + x1 + 2x2 at x = 1: order (0, 2, 1); deletion 6, 3, 1, 0; insertion 0, 3, 5, 6.
    const model = linearValueModel([3, 1, 2]);
    const x = fromRows([[1, 1, 1]]);
    const attributions = fromRows([[3, 1, 2]]);
    const del = deletion({ x, attributions, model });
    const ins = insertion({ x, attributions, model });
    expect(Array.from(del.curves.data)).toEqual([6, 3, 1, 0]);
    expect(Array.from(ins.curves.data)).toEqual([0, 3, 5, 6]);
    expect(del.values[0]).toBeCloseTo(7 / 3, 14); // (4.5 + 2 + 0.5) / 3
    expect(ins.values[0]).toBeCloseTo(11 / 3, 14);
  });

  it('for an additive model deletion(k) + insertion(k) = f(x) + f(baseline), so the AUCs add up', () => {
    const w = [0.5, -1, 2, 0.25, -0.75];
    const model = linearValueModel(w, 0.1);
    const x = randomMatrix(6, 5, 10);
    const attributions = randomMatrix(6, 5, 11);
    const baseline = [0.1, 0.2, -0.3, 0, 1];
    const del = deletion({ x, attributions, model }, { baseline });
    const ins = insertion({ x, attributions, model }, { baseline });
    const fb = model.predictProba(fromRows([baseline])).data[0]!;
    const fx = model.predictProba(x).data;
    for (let i = 0; i < 6; i++) expect(del.values[i]! + ins.values[i]!).toBeCloseTo(fx[i]! + fb, 12);
  });

  it('the curve starts at f(x) (deletion) / f(baseline) (insertion) and ends at the other; order: absolute', () => {
    const model = denseMlp([4, 5, 3], 1);
    const x = randomMatrix(3, 4, 12);
    const attributions = randomMatrix(3, 4, 13);
    const targets = new Int32Array([0, 1, 2]);
    const p = model.predictProba(x).data;
    const p0 = model.predictProba(fromRows([[0, 0, 0, 0]])).data;
    for (const order of ['signed', 'absolute'] as const) {
      const del = deletion({ x, attributions, model, targets }, { order });
      for (let i = 0; i < 3; i++) {
        expect(del.curves.data[i * 5]).toBeCloseTo(p[i * 3 + i]!, 14);
        expect(del.curves.data[i * 5 + 4]).toBeCloseTo(p0[i]!, 14);
      }
    }
    expect(() => deletion({ x, attributions, model }, { order: 'abs' } as never)).toThrow(/BAD_OPTION/);
  });
});

describe('deletion under quantus', () => {
  it("equals Quantus PixelFlipping's curve and np.trapz(dx=1) AUC (baseline 0, one feature per step)", () => {
    const model = linearSoftmax(flipping.W, flipping.c);
    const x = fromRows(flipping.x);
    const r = deletion(
      { x, attributions: fromRows(flipping.attributions), model, targets: Int32Array.from(flipping.targets) },
      { preset: 'quantus' },
    );
    const d = flipping.x[0]!.length;
    for (let i = 0; i < flipping.auc.length; i++) {
      expect(Math.abs(r.values[i]! - flipping.auc[i]!)).toBeLessThanOrEqual(1e-12 * flipping.auc[i]!);
      for (let k = 0; k < d; k++) expect(r.curves.data[i * (d + 1) + k + 1]).toBeCloseTo(flipping.curve[i]![k]!, 13);
    }
  });
});
