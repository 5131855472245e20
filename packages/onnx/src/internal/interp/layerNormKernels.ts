// LayerNormalization's loops over a batch of rows, one copy per array type: an element access
// that sees both Float32Array and Float64Array is polymorphic and several times slower than
// one that sees a single type, and a batch run in float32 and another in float64 would
// otherwise share one loop. Statistics and the normalised values are kept in float64.

/** Per row: mean and 1/sqrt(var + ε); per element: the normalised value x̂. */
export interface LayerNormStats {
  readonly mean: Float64Array;
  readonly inv: Float64Array;
  readonly xhat: Float64Array;
}

/** y = x̂ · scale + bias row by row (rows of `len` elements), x̂ and the row statistics into `s`. */
export function layerNorm32(
  xd: Float32Array,
  yd: Float32Array,
  sv: Float64Array,
  bv: Float64Array,
  len: number,
  eps: number,
  s: LayerNormStats,
): void {
  const { mean, inv, xhat } = s;
  for (let o = 0, base = 0; o < mean.length; o++, base += len) {
    let sum = 0;
    for (let j = 0; j < len; j++) sum += xd[base + j]!;
    const mu = sum / len;
    let v = 0;
    for (let j = 0; j < len; j++) {
      const c = xd[base + j]! - mu;
      v += c * c;
    }
    const r = 1 / Math.sqrt(v / len + eps);
    mean[o] = mu;
    inv[o] = r;
    for (let j = 0; j < len; j++) {
      const h = (xd[base + j]! - mu) * r;
      xhat[base + j] = h;
      yd[base + j] = h * sv[j]! + bv[j]!;
    }
  }
}

/** `layerNorm32` over float64 arrays. */
export function layerNorm64(
  xd: Float64Array,
  yd: Float64Array,
  sv: Float64Array,
  bv: Float64Array,
  len: number,
  eps: number,
  s: LayerNormStats,
): void {
  const { mean, inv, xhat } = s;
  for (let o = 0, base = 0; o < mean.length; o++, base += len) {
    let sum = 0;
    for (let j = 0; j < len; j++) sum += xd[base + j]!;
    const mu = sum / len;
    let v = 0;
    for (let j = 0; j < len; j++) {
      const c = xd[base + j]! - mu;
      v += c * c;
    }
    const r = 1 / Math.sqrt(v / len + eps);
    mean[o] = mu;
    inv[o] = r;
    for (let j = 0; j < len; j++) {
      const h = (xd[base + j]! - mu) * r;
      xhat[base + j] = h;
      yd[base + j] = h * sv[j]! + bv[j]!;
    }
  }
}

/**
 * dx = r · (d − mean(d) − x̂ · mean(d · x̂)) per row, d = g · scale: the input gradient.
 * `d` is a work array of `len` values.
 */
export function layerNormBack32(
  gd: Float32Array,
  dx: Float32Array,
  sv: Float64Array,
  len: number,
  s: LayerNormStats,
  d: Float64Array,
): void {
  const { inv, xhat } = s;
  for (let o = 0, base = 0; o < inv.length; o++, base += len) {
    let m1 = 0;
    let m2 = 0;
    for (let j = 0; j < len; j++) {
      const v = gd[base + j]! * sv[j]!;
      d[j] = v;
      m1 += v;
      m2 += v * xhat[base + j]!;
    }
    m1 /= len;
    m2 /= len;
    const r = inv[o]!;
    for (let j = 0; j < len; j++) dx[base + j] = r * (d[j]! - m1 - xhat[base + j]! * m2);
  }
}

/** `layerNormBack32` over float64 arrays. */
export function layerNormBack64(
  gd: Float64Array,
  dx: Float64Array,
  sv: Float64Array,
  len: number,
  s: LayerNormStats,
  d: Float64Array,
): void {
  const { inv, xhat } = s;
  for (let o = 0, base = 0; o < inv.length; o++, base += len) {
    let m1 = 0;
    let m2 = 0;
    for (let j = 0; j < len; j++) {
      const v = gd[base + j]! * sv[j]!;
      d[j] = v;
      m1 += v;
      m2 += v * xhat[base + j]!;
    }
    m1 /= len;
    m2 /= len;
    const r = inv[o]!;
    for (let j = 0; j < len; j++) dx[base + j] = r * (d[j]! - m1 - xhat[base + j]! * m2);
  }
}
