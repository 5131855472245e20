// An ANN-shaped benchmark model shared by the bench scripts: a plain typed-array MLP
// (d -> 100 -> 100 -> 2, ReLU, softmax) with blocked dot-product kernels and hand-written
// batched backprop for input gradients. `timing` accumulates the time spent inside it.
import { createRng } from '@xai/core';

const H = 100;
const K = 2;

function randomWeights(rng, rows, cols, scale) {
  return rng.fillNormal(new Float64Array(rows * cols), 0, scale);
}

function transposed(w, rows, cols) {
  const t = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = 0; j < cols; j++) t[j * rows + i] = w[i * cols + j];
  return t;
}

/**
 * C (n x m) = A (n x k) · Wᵀ with W given as m x k rows: dot products over contiguous
 * rows, 4 rows of A by 2 rows of W per pass (8 accumulators stay in registers).
 * Optional bias and ReLU fused into the store.
 */
function dotRows(A, n, k, W, m, C, bias, relu) {
  let i = 0;
  for (; i + 3 < n; i += 4) {
    const a0 = i * k,
      a1 = a0 + k,
      a2 = a1 + k,
      a3 = a2 + k;
    for (let j = 0; j < m; j += 2) {
      const w0 = j * k;
      const w1 = j + 1 < m ? w0 + k : w0;
      let s00 = 0,
        s01 = 0,
        s10 = 0,
        s11 = 0,
        s20 = 0,
        s21 = 0,
        s30 = 0,
        s31 = 0;
      for (let q = 0; q < k; q++) {
        const x0 = A[a0 + q],
          x1 = A[a1 + q],
          x2 = A[a2 + q],
          x3 = A[a3 + q];
        const y0 = W[w0 + q],
          y1 = W[w1 + q];
        s00 += x0 * y0;
        s01 += x0 * y1;
        s10 += x1 * y0;
        s11 += x1 * y1;
        s20 += x2 * y0;
        s21 += x2 * y1;
        s30 += x3 * y0;
        s31 += x3 * y1;
      }
      const c0 = i * m + j;
      store(C, c0, s00, s01, j, m, bias, relu);
      store(C, c0 + m, s10, s11, j, m, bias, relu);
      store(C, c0 + 2 * m, s20, s21, j, m, bias, relu);
      store(C, c0 + 3 * m, s30, s31, j, m, bias, relu);
    }
  }
  for (; i < n; i++) {
    const a0 = i * k;
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let q = 0; q < k; q++) s += A[a0 + q] * W[j * k + q];
      if (bias) s += bias[j];
      C[i * m + j] = relu && s < 0 ? 0 : s;
    }
  }
  return C;
}

function store(C, o, s0, s1, j, m, bias, relu) {
  if (bias) {
    s0 += bias[j];
    if (j + 1 < m) s1 += bias[j + 1];
  }
  C[o] = relu && s0 < 0 ? 0 : s0;
  if (j + 1 < m) C[o + 1] = relu && s1 < 0 ? 0 : s1;
}

/** A batched MLP with hand-written backprop for input gradients. */
export function annModel(seed, D = 20) {
  const rng = createRng(seed);
  const W1 = randomWeights(rng, H, D, Math.sqrt(2 / D)); // out x in
  const W2 = randomWeights(rng, H, H, Math.sqrt(2 / H));
  const W3 = randomWeights(rng, K, H, Math.sqrt(1 / H));
  const W1t = transposed(W1, H, D);
  const W2t = transposed(W2, H, H);
  const W3t = transposed(W3, K, H);
  const b1 = rng.fillNormal(new Float64Array(H), 0, 0.1);
  const b2 = rng.fillNormal(new Float64Array(H), 0, 0.1);
  const b3 = new Float64Array(K);
  const timing = { ms: 0, rows: 0 };
  const forward = (x) => {
    const n = x.rows;
    const xd =
      (x.offset ?? 0) === 0 && (x.stride ?? D) === D
        ? x.data
        : Float64Array.from({ length: n * D }, (_, t) => x.data[(x.offset ?? 0) + Math.floor(t / D) * (x.stride ?? D) + (t % D)]);
    const h1 = dotRows(xd, n, D, W1, H, new Float64Array(n * H), b1, true);
    const h2 = dotRows(h1, n, H, W2, H, new Float64Array(n * H), b2, true);
    const p = dotRows(h2, n, H, W3, K, new Float64Array(n * K), b3, false);
    for (let i = 0; i < n; i++) {
      const a = p[i * 2];
      const c = p[i * 2 + 1];
      const m = Math.max(a, c);
      const ea = Math.exp(a - m);
      const ec = Math.exp(c - m);
      p[i * 2] = ea / (ea + ec);
      p[i * 2 + 1] = ec / (ea + ec);
    }
    return { h1, h2, p };
  };
  return {
    inputDim: D,
    classes: K,
    timing,
    predictProba(x) {
      const t = performance.now();
      const { p } = forward(x);
      timing.ms += performance.now() - t;
      timing.rows += x.rows;
      return { rows: x.rows, cols: K, data: p };
    },
    inputGradient(x, targets) {
      const t0 = performance.now();
      const n = x.rows;
      const { h1, h2, p } = forward(x);
      // d p_t / d z_c = p_t (δ_tc − p_c)
      const dz = new Float64Array(n * K);
      for (let i = 0; i < n; i++) {
        const t = targets[i];
        const pt = p[i * 2 + t];
        for (let c = 0; c < K; c++) dz[i * 2 + c] = pt * ((c === t ? 1 : 0) - p[i * 2 + c]);
      }
      const g2 = dotRows(dz, n, K, W3t, H, new Float64Array(n * H), null, false);
      for (let q = 0; q < g2.length; q++) if (h2[q] === 0) g2[q] = 0;
      const g1 = dotRows(g2, n, H, W2t, H, new Float64Array(n * H), null, false);
      for (let q = 0; q < g1.length; q++) if (h1[q] === 0) g1[q] = 0;
      const gx = dotRows(g1, n, H, W1t, D, new Float64Array(n * D), null, false);
      timing.ms += performance.now() - t0;
      timing.rows += n;
      return { rows: n, cols: D, data: gx };
    },
  };
}
