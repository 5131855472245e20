import type { Explainer, Matrix, Model } from '@xai/core';
import { fromRows } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { SAME_EXPLANATION, stabilityAnchors } from './stabilityAnchors.js';

const x = fromRows([
  [1, 2],
  [3, -4],
  [0.5, 0],
]);
const model = {} as Model;
/** An explainer whose explanation of a row is 2x; counts its calls. */
const doubling = (id: string) => {
  const calls: number[] = [];
  const explainer: Explainer = {
    id,
    explain: (_m: Model, m: Matrix) => {
      calls.push(m.rows);
      return { ...m, data: m.data.map((v) => 2 * v) };
    },
  };
  return { explainer, calls };
};
const scaled = (f: (v: number, k: number) => number): Matrix => ({ ...x, data: x.data.map((v, k) => f(2 * v, k)) });

describe('stabilityAnchors', () => {
  it("a deterministic method's own explanation is the anchor, the given one within rounding of it", () => {
    const { explainer, calls } = doubling('ig');
    const given = scaled((v) => Math.fround(v * (1 + 3e-7)));
    const a = stabilityAnchors(explainer, model, x, given, 'a.json');
    expect(a.source).toBe('re-explained');
    expect(Array.from(a.attributions.data)).toEqual([2, 4, 6, -8, 1, 0]);
    expect(a.warning).toBeUndefined();
    expect(calls).toEqual([3]);
  });

  it('explains the rows for the given targets (a fixed class), else leaves the class to the explainer', () => {
    const seen: (readonly number[] | undefined)[] = [];
    const explainer: Explainer = {
      id: 'grad',
      explain: (_m: Model, m: Matrix, opts?: { targets?: ArrayLike<number> }) => {
        seen.push(opts?.targets === undefined ? undefined : Array.from(opts.targets));
        return m;
      },
    };
    stabilityAnchors(explainer, model, x, x, 'a.json', new Int32Array([1, 1, 1]));
    stabilityAnchors(explainer, model, x, x, 'a.json');
    expect(seen).toEqual([[1, 1, 1], undefined]);
  });

  it('says which row is not the method’s explanation and by how much', () => {
    const { explainer } = doubling('grad');
    // Row 2 (1-based): -8 off by 8 * 2e-4 = 1.6e-3, i.e. 2e-4 of its largest |value| (8).
    const given = scaled((v, k) => (k === 3 ? v * (1 + 2 * SAME_EXPLANATION) : v));
    const a = stabilityAnchors(explainer, model, x, given, 'a.json');
    expect(a.source).toBe('re-explained');
    expect(a.warning).toMatch(
      /^a\.json: not grad's explanation of these rows \(row 2: max \|difference\| 2\.00e-4 of its largest \|value\|\)/,
    );
  });

  it("a sampling method's (or an unknown one's) given draw is the anchor, nothing re-explained", () => {
    for (const id of ['sg', 'lime', 'control', 'my-own']) {
      const { explainer, calls } = doubling(id);
      const given = scaled((v) => v + 1);
      const a = stabilityAnchors(explainer, model, x, given, 'a.json');
      expect(a).toEqual({ source: 'given', attributions: given });
      expect(calls).toEqual([]);
    }
  });
});
