// The benches' cheap model and rows: a fixed logistic regression (the model costs little, so an
// explainer's own work dominates) and deterministic rows in [0, 1), shared by vsNumpy.mjs (whose
// numpy side computes the same model) and compare-builds.mjs.

/** A logistic-regression model on d features: weights w_j = sin(j + 1), bias 0.1, classes (1 − p, p). */
export function logisticModel(d) {
  const weights = Float64Array.from({ length: d }, (_, j) => Math.sin(j + 1));
  return {
    inputDim: d,
    classes: 2,
    predictProba(m) {
      const out = new Float64Array(m.rows * 2);
      for (let i = 0; i < m.rows; i++) {
        let t = 0.1;
        const o = (m.offset ?? 0) + i * (m.stride ?? d);
        for (let j = 0; j < d; j++) t += weights[j] * m.data[o + j];
        const p = 1 / (1 + Math.exp(-t));
        out[2 * i] = 1 - p;
        out[2 * i + 1] = p;
      }
      return { rows: m.rows, cols: 2, data: out };
    },
  };
}

/** n x d deterministic rows in [0, 1) (a sine hash of the position and `salt`). */
export function rowsOf(n, d, salt) {
  const data = new Float64Array(n * d);
  for (let k = 0; k < data.length; k++) data[k] = Math.abs((Math.sin(k * 12.9898 + salt) * 43758.5453) % 1);
  return { rows: n, cols: d, data };
}
