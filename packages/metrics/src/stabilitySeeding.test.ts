// The released stability loop's seeding, opt-in under `openxai` (stabilitySeeding:
// 'released'), and the record of the precision of e and e'.
import { describe, expect, it } from 'vitest';
import { createRng, hashFloat64, isXaiError, matrix, row, substream } from '@xai/core';
import type { ExplainOptions, Explainer, Matrix, Model } from '@xai/core';
import { gradientExplainer } from './__fixtures__/explainers.js';
import { tinyLr } from './__fixtures__/tinyLr.js';
import { metrics } from './metrics.js';
import { relativeStability } from './stability/relativeStability.js';

function um(n: number, d: number, seed: number): Matrix {
  const m = matrix(n, d);
  createRng(seed).fillUniform(m.data);
  return m;
}

/** N(0, 1) attributions from a sub-stream of the row's key (ignores x): records calls and keys. */
function keyedRandom(d: number): Explainer & { calls: number[][] } {
  const calls: number[][] = [];
  return {
    id: 'random',
    calls,
    explain(_m: Model, xs: Matrix, o: ExplainOptions = {}): Matrix {
      calls.push(Array.from(o.keys ?? []));
      const out = matrix(xs.rows, d);
      for (let i = 0; i < xs.rows; i++)
        substream(9, o.keys !== undefined ? o.keys[i]! : hashFloat64(row(xs, i)), 'r').fillNormal(row(out, i));
      return out;
    },
  };
}

describe("stabilitySeeding: 'released'", () => {
  const lr = tinyLr([1.5, -2, 0.5, 1], 0.3);
  const x = um(3, 4, 2);
  const small = { candidates: 40, neighbours: 6, preset: 'openxai' } as const;

  it('only under openxai; not with common random numbers', () => {
    const ex = keyedRandom(4);
    for (const o of [
      { stabilitySeeding: 'released' } as const,
      { ...small, stabilitySeeding: 'released', commonRandomNumbers: true } as const,
    ]) {
      try {
        relativeStability({ x, model: lr, explainer: ex }, o);
        throw new Error('no throw');
      } catch (err) {
        expect(isXaiError(err, 'BAD_OPTION')).toBe(true);
      }
    }
  });

  it('the anchor alone, then its neighbours in one call, keyed by batch position', () => {
    const ex = keyedRandom(4);
    const r = relativeStability({ x, model: lr, explainer: ex }, { ...small, stabilitySeeding: 'released' });
    const counts = Array.from(r.diagnostics.neighbourCounts);
    expect(ex.calls).toEqual(counts.flatMap((c) => [[0], Array.from({ length: c }, (_, t) => t)]));
    expect(r.diagnostics.seeding).toBe('released');
    expect(r.diagnostics.explainerNoise).toBeNull();
  });

  it("neighbour 0 shares the anchor's noise: with one neighbour an x-blind explainer scores 0 (content keys: > 0)", () => {
    const released = relativeStability(
      { x, model: lr, explainer: keyedRandom(4) },
      { ...small, neighbours: 1, stabilitySeeding: 'released' },
    );
    const content = relativeStability({ x, model: lr, explainer: keyedRandom(4) }, { ...small, neighbours: 1 });
    for (let i = 0; i < 3; i++) {
      expect(released.RIS.values[i]).toBe(0);
      expect(content.RIS.values[i]!).toBeGreaterThan(1);
    }
  });

  it('candidates reseeded per instance INDEX: two equal rows get different neighbours (content keys: the same)', () => {
    const twin = matrix(2, 4);
    twin.data.set(row(x, 0), 0);
    twin.data.set(row(x, 0), 4);
    const g = gradientExplainer();
    const a = relativeStability({ x: twin, model: lr, explainer: g }, { ...small, keepNeighbours: true, stabilitySeeding: 'released' });
    const b = relativeStability({ x: twin, model: lr, explainer: g }, { ...small, keepNeighbours: true });
    const firstOf = (m: Matrix, owner: Int32Array, i: number): number[] => Array.from(row(m, owner.indexOf(i)));
    const na = a.diagnostics.neighbourhood!;
    const nb = b.diagnostics.neighbourhood!;
    expect(firstOf(na.x, na.owner, 0)).not.toEqual(firstOf(na.x, na.owner, 1));
    expect(firstOf(nb.x, nb.owner, 0)).toEqual(firstOf(nb.x, nb.owner, 1));
    // Deterministic explainer: the score of each row is a max over its own neighbours, so the
    // twins' released scores differ while the content-keyed ones are equal.
    expect(b.RIS.values[0]).toBe(b.RIS.values[1]);
    expect(a.RIS.values[0]).not.toBe(a.RIS.values[1]);
  });
});

describe("stabilitySeeding: 'released-fixed-candidates'", () => {
  it("every instance draws the same candidate noise (x' - x equal across instances), explained as in released", () => {
    const lr = tinyLr([0.1, -0.1, 0.05, 0.1], 0.3); // nearly flat: every candidate keeps its label
    const x = um(3, 4, 2);
    const r = relativeStability(
      { x, model: lr, explainer: keyedRandom(4) },
      {
        candidates: 20,
        neighbours: 4,
        preset: 'openxai',
        sigma: 1e-3,
        float32Neighbours: false,
        keepNeighbours: true,
        stabilitySeeding: 'released-fixed-candidates',
      },
    );
    const nb = r.diagnostics.neighbourhood!;
    const delta = (i: number): number[] => {
      const t = nb.owner.indexOf(i);
      return Array.from(row(nb.x, t), (v, j) => v - x.data[i * 4 + j]!);
    };
    for (const i of [1, 2]) delta(i).forEach((v, j) => expect(v).toBeCloseTo(delta(0)[j]!, 12));
    const own = relativeStability(
      { x, model: lr, explainer: keyedRandom(4) },
      {
        candidates: 20,
        neighbours: 4,
        preset: 'openxai',
        sigma: 1e-3,
        float32Neighbours: false,
        keepNeighbours: true,
        stabilitySeeding: 'released',
      },
    );
    const nb2 = own.diagnostics.neighbourhood!;
    const d2 = (i: number): number[] => {
      const t = nb2.owner.indexOf(i);
      return Array.from(row(nb2.x, t), (v, j) => v - x.data[i * 4 + j]!);
    };
    expect(Math.abs(d2(1)[0]! - d2(0)[0]!)).toBeGreaterThan(1e-6);
    expect(r.diagnostics.seeding).toBe('released-fixed-candidates');
  });
});

describe("precision of e and e' is recorded, never mixed silently", () => {
  const lr = tinyLr([1.5, -2, 0.5, 1], 0.3);
  const x = um(3, 4, 2);
  const g = gradientExplainer();
  const e64 = g.explain(lr, x);
  const e32 = { rows: 3, cols: 4, data: Float64Array.from(e64.data, (v) => Math.fround(v)) };
  const opts = { candidates: 30, neighbours: 5, useGivenAttributions: true } as const;

  it('given float32 attributions with neighbours computed in float64: mixed', () => {
    const r = relativeStability({ x, model: lr, explainer: g, attributions: e32 }, opts);
    expect(r.diagnostics.precision).toEqual({ anchors: 'float32', anchorsSource: 'given', neighbours: 'float64', mixed: true });
    // On each result too, and through the registry (evaluate on a file).
    expect(r.RIS.precision).toEqual(r.diagnostics.precision);
    expect(metrics.ROS.evaluate({ x, model: lr, explainer: g, attributions: e32 }, opts).precision.mixed).toBe(true);
    const f32 = { rows: 3, cols: 4, data: new Float32Array(e32.data) as unknown as Float64Array };
    expect(relativeStability({ x, model: lr, explainer: g, attributions: f32 }, opts).diagnostics.precision.anchors).toBe('float32');
  });
  it("given float64 attributions, or a float32 model with float32 attributions: not mixed; the same model object explains e'", () => {
    expect(relativeStability({ x, model: lr, explainer: g, attributions: e64 }, opts).diagnostics.precision.mixed).toBe(false);
    const lr32 = Object.assign(Object.create(lr) as Model, { precision: 'float32' });
    const seen: unknown[] = [];
    const spy: Explainer = {
      id: 'spy',
      explain: (m, xs, o) => {
        seen.push((m as { precision?: string }).precision);
        return g.explain(m, xs, o);
      },
    };
    const r = relativeStability({ x, model: lr32, explainer: spy, attributions: e32 }, opts);
    expect(r.diagnostics.precision).toEqual({ anchors: 'float32', anchorsSource: 'given', neighbours: 'float32', mixed: false });
    // The explainer gets the boundary's view of the caller's model (a proxy forwarding to it), so e' uses the float32 model.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((p) => p === 'float32')).toBe(true);
  });
  it('anchors re-explained: computed, not mixed', () => {
    const r = relativeStability({ x, model: lr, explainer: g }, { candidates: 30, neighbours: 5 });
    expect(r.diagnostics.precision).toEqual({ anchors: 'float64', anchorsSource: 'computed', neighbours: 'float64', mixed: false });
  });
});
