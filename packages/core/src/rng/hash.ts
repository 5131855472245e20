import type { Matrix } from '../matrix.js';

// 32-bit mixing (MurmurHash3's finaliser and block mix). Used to key random sub-streams
// and to fingerprint rows; not cryptographic.

/** MurmurHash3 fmix32: a bijective avalanche on 32-bit words. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Mixes one 32-bit word into a running hash (MurmurHash3 body step). */
export function mixWord(h: number, word: number): number {
  let k = Math.imul(word | 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) | 0;
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

/** Mixes a number by its IEEE-754 bits (low word first on little-endian machines); -0 as 0. */
export function mixNumber(h: number, value: number): number {
  f64[0] = value === 0 ? 0 : value; // -0 and 0 hash alike
  h = mixWord(h, u32[0]!);
  return mixWord(h, u32[1]!);
}

/** Mixes a string by UTF-16 code units, length first so that "ab"+"c" != "a"+"bc". */
export function mixString(h: number, value: string): number {
  h = mixWord(h, value.length);
  for (let i = 0; i < value.length; i++) h = mixWord(h, value.charCodeAt(i));
  return h;
}

/**
 * A 32-bit fingerprint of a run of doubles (e.g. one row), used as an instance's key so
 * that its random draws depend on its content, not its position in a batch.
 * @example hashFloat64(row(x, i))
 * @since 0.1.0
 */
export function hashFloat64(values: ArrayLike<number>, seed = 0): number {
  let h = mixWord(seed | 0, values.length);
  for (let i = 0; i < values.length; i++) h = mixNumber(h, values[i]!);
  return fmix32(h);
}

/** A 32-bit hash of a string. @since 0.1.0 */
export function hashString(value: string, seed = 0): number {
  return fmix32(mixString(seed | 0, value));
}

/**
 * `hashFloat64(row(m, i), seed)` for every row i, without a view per row: the row keys of a
 * batch in one pass over the matrix (the same values, bit for bit).
 * @example const keys = hashRows(x)  // keys[i] === hashFloat64(row(x, i))
 * @since 0.2.0
 */
export function hashRows(m: Matrix, seed = 0, out: Float64Array = new Float64Array(m.rows)): Float64Array {
  const { rows, cols, data } = m;
  const stride = m.stride ?? cols;
  const offset = m.offset ?? 0;
  const h0 = mixWord(seed | 0, cols);
  for (let i = 0; i < rows; i++) {
    const start = offset + i * stride;
    let h = h0;
    for (let k = start; k < start + cols; k++) h = mixNumber(h, data[k]!);
    out[i] = fmix32(h);
  }
  return out;
}
