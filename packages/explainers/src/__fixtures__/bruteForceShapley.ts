// Shapley values by the definition, over all 2^d coalitions (test-only reference).
import type { Model } from '@xai/core';

/**
 * φ_i = Σ_{S ⊆ N∖{i}} |S|!(d−|S|−1)!/d! · (v(S ∪ {i}) − v(S)), with
 * v(S) = mean over background rows b of p_target(x_S, b_{N∖S}) (weighted by `weights` when given).
 */
export function bruteForceShapley(
  model: Model,
  x: Float64Array,
  target: number,
  background: Float64Array[],
  weights?: readonly number[],
): Float64Array {
  const d = x.length;
  const v = new Float64Array(2 ** d);
  for (let mask = 0; mask < 2 ** d; mask++) {
    let s = 0;
    background.forEach((bg, r) => {
      const z = new Float64Array(d);
      for (let j = 0; j < d; j++) z[j] = (mask >>> j) & 1 ? x[j]! : bg[j]!;
      s += (weights?.[r] ?? 1 / background.length) * model.predictProba({ rows: 1, cols: d, data: z }).data[target]!;
    });
    v[mask] = s;
  }
  const fact = (k: number): number => (k <= 1 ? 1 : k * fact(k - 1));
  const phi = new Float64Array(d);
  for (let i = 0; i < d; i++) {
    for (let mask = 0; mask < 2 ** d; mask++) {
      if ((mask >>> i) & 1) continue;
      let size = 0;
      for (let j = 0; j < d; j++) size += (mask >>> j) & 1;
      phi[i] = phi[i]! + ((fact(size) * fact(d - size - 1)) / fact(d)) * (v[mask | (1 << i)]! - v[mask]!);
    }
  }
  return phi;
}
