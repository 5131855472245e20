// The heads applied to a session's raw scores: softmax over a row, sigmoid of one score.

/** Writes softmax(src[at .. at + k)) to dst[to .. to + k), max-shifted against overflow. */
export function softmaxInto(src: ArrayLike<number>, at: number, k: number, dst: Float64Array, to: number): void {
  let m = -Infinity;
  for (let j = 0; j < k; j++) m = Math.max(m, src[at + j]!);
  let s = 0;
  for (let j = 0; j < k; j++) {
    const e = Math.exp(src[at + j]! - m);
    dst[to + j] = e;
    s += e;
  }
  for (let j = 0; j < k; j++) dst[to + j]! /= s;
}

/** σ(z), written so that neither branch overflows. */
export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}
