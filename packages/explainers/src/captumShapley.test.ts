// Exact Shapley values against the real Captum ShapleyValues (__fixtures__/captumShapley.py runs it on a
// float64 tanh MLP's logits, zero baseline). Captum accumulates in float32 (captum/attr/_core/
// shapley_value.py:637), so it agrees with the exact values only to float32 resolution; ours are exact
// (float64 enumeration, the script's own enumeration to 1e-12).
import { describe, expect, it } from 'vitest';
import { fromRows } from '@xai/core';
import peer from './__fixtures__/captumShapley.json' with { type: 'json' };
import { denseStack } from './__fixtures__/denseStack.js';
import { shapleyExplainer } from './shapleyExplainer.js';

describe('shapley vs Captum ShapleyValues', () => {
  const model = denseStack(
    [
      { w: peer.W1, b: peer.b1, activation: 'tanh' },
      { w: peer.W2, b: peer.b2, activation: 'none' },
    ],
    true,
  );
  const phi = shapleyExplainer({ background: 'zeros' }).explain(model, fromRows(peer.x), { targets: Int32Array.from(peer.targets) }).data;
  it('equals the exact float64 enumeration to 1e-12', () => {
    peer.exact.flat().forEach((v, k) => expect(Math.abs(phi[k]! - v)).toBeLessThanOrEqual(1e-12));
  });
  it('equals Captum to float32 resolution (its float32 accumulator), not closer', () => {
    const top = Math.max(...peer.exact.flat().map(Math.abs));
    let worst = 0;
    peer.captum.flat().forEach((v, k) => {
      worst = Math.max(worst, Math.abs(phi[k]! - v));
    });
    expect(peer.captumDtype).toBe('torch.float32');
    expect(worst).toBeLessThanOrEqual(8 * 2 ** -23 * Math.max(1, top));
    expect(worst).toBeGreaterThan(1e-9);
  });
});
