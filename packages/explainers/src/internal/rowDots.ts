// out[j] = Σ_s m[j·S + s] · r[s] for j < p: the dot product of each row of a p x S matrix with r,
// every sum from +0 over s ascending, one product and one sum at a time — the bits of
// `out[j] += m[j][s] · r[s]` in any loop order. Four rows at a time, each sum in its own local,
// so the loop reads two streams instead of writing `out` at every step.

/** out[j] = Σ_s m[j·S + s] · r[s] (s ascending from +0), for j < p. */
export function rowDots(m: Float64Array, p: number, S: number, r: Float64Array, out: Float64Array): void {
  let j = 0;
  for (; j + 4 <= p; j += 4) {
    const o0 = j * S;
    const o1 = o0 + S;
    const o2 = o1 + S;
    const o3 = o2 + S;
    let a0 = 0;
    let a1 = 0;
    let a2 = 0;
    let a3 = 0;
    for (let s = 0; s < S; s++) {
      const rs = r[s]!;
      a0 += m[o0 + s]! * rs;
      a1 += m[o1 + s]! * rs;
      a2 += m[o2 + s]! * rs;
      a3 += m[o3 + s]! * rs;
    }
    out[j] = a0;
    out[j + 1] = a1;
    out[j + 2] = a2;
    out[j + 3] = a3;
  }
  for (; j < p; j++) {
    const o = j * S;
    let a = 0;
    for (let s = 0; s < S; s++) a += m[o + s]! * r[s]!;
    out[j] = a;
  }
}
