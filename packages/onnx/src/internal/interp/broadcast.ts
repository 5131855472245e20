// Multidirectional (numpy) broadcasting: the result shape, and for a smaller operand the flat
// index each result element reads. Reductions use the same map the other way round: a
// reduced tensor with kept dims is what broadcasts back to its input.
import { sizeOf, stridesOf } from './tensor.js';

/** The broadcast shape of several shapes, or undefined when they do not broadcast. */
export function broadcastShapes(shapes: readonly (readonly number[])[]): number[] | undefined {
  const rank = Math.max(0, ...shapes.map((s) => s.length));
  const out = new Array<number>(rank).fill(1);
  for (const s of shapes) {
    for (let i = 0; i < s.length; i++) {
      const o = rank - s.length + i;
      const d = s[i]!;
      if (d === out[o]) continue;
      if (out[o] === 1) out[o] = d;
      else if (d !== 1) return undefined;
    }
  }
  return out;
}

const cache = new Map<string, Int32Array>();
const CACHE_LIMIT = 256;

/**
 * For each element of a `big`-shaped tensor (row-major), the flat index of the element of a
 * `small`-shaped one that broadcasts onto it (small right-aligned; each of its dims 1 or
 * equal to big's). Maps are cached by shape pair.
 */
export function indexMap(big: readonly number[], small: readonly number[]): Int32Array {
  const key = `${big.join(',')}|${small.join(',')}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const n = sizeOf(big);
  const map = new Int32Array(n);
  const rank = big.length;
  const sStrides = stridesOf(small);
  // stride of each big axis into small: 0 where small is broadcast (missing or 1)
  const step = new Array<number>(rank).fill(0);
  for (let i = 0; i < small.length; i++) {
    const o = rank - small.length + i;
    step[o] = small[i] === 1 && big[o] !== 1 ? 0 : sStrides[i]!;
  }
  const counter = new Array<number>(rank).fill(0);
  let at = 0;
  for (let e = 0; e < n; e++) {
    map[e] = at;
    // advance the counter (last axis fastest)
    for (let ax = rank - 1; ax >= 0; ax--) {
      counter[ax]!++;
      at += step[ax]!;
      if (counter[ax]! < big[ax]!) break;
      at -= step[ax]! * counter[ax]!;
      counter[ax] = 0;
    }
  }
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, map);
  return map;
}

/** Same dims, element for element. */
export function sameDims(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * How a `small` operand is read against a `big` result: 'same' (element for element),
 * 'scalar' (one value), 'row' (the trailing `period` elements repeat, e.g. [m] onto [n, m]),
 * or a full index map.
 */
export type Access =
  | { kind: 'same' }
  | { kind: 'scalar' }
  | { kind: 'row'; period: number }
  | { kind: 'outer'; block: number }
  | { kind: 'map'; map: Int32Array };

export function accessOf(big: readonly number[], small: readonly number[]): Access {
  const size = sizeOf(small);
  if (size === sizeOf(big) && (sameDims(big, small) || size === 1)) return { kind: 'same' };
  if (size === 1) return { kind: 'scalar' };
  // small's leading dims all 1 and its trailing dims equal to big's: a repeating row
  let lead = 0;
  while (lead < small.length && small[lead] === 1) lead++;
  const tail = small.length - lead;
  let row = tail > 0;
  for (let i = 0; row && i < tail; i++) if (small[lead + i] !== big[big.length - tail + i]) row = false;
  if (row) return { kind: 'row', period: size };
  // small's leading dims equal big's and the rest are 1 ([n, 1] onto [n, m]): one value per block
  if (small.length === big.length) {
    let k = 0;
    while (k < small.length && small[k] === big[k]) k++;
    let rest = true;
    for (let i = k; i < small.length; i++) if (small[i] !== 1) rest = false;
    if (rest) return { kind: 'outer', block: sizeOf(big.slice(k)) };
  }
  return { kind: 'map', map: indexMap(big, small) };
}

/** The element of `small` read at result element e. */
export function at(acc: Access, e: number): number {
  switch (acc.kind) {
    case 'same':
      return e;
    case 'scalar':
      return 0;
    case 'row':
      return e % acc.period;
    case 'outer':
      return Math.floor(e / acc.block);
    default:
      return acc.map[e]!;
  }
}

/** The index of `small` read at every result element (null: the same index), for loops without a switch. */
export function indicesOf(acc: Access, n: number): Int32Array | null {
  switch (acc.kind) {
    case 'same':
      return null;
    case 'map':
      return acc.map;
    default: {
      const out = new Int32Array(n);
      for (let e = 0; e < n; e++) out[e] = at(acc, e);
      return out;
    }
  }
}

/** Sums a result-shaped gradient back onto a broadcast operand of `size` elements. */
export function reduceTo(acc: Access, g: ArrayLike<number>, out: { [i: number]: number; length: number }): void {
  const n = g.length;
  switch (acc.kind) {
    case 'same':
      for (let e = 0; e < n; e++) out[e] = out[e]! + g[e]!;
      return;
    case 'scalar': {
      let s = 0;
      for (let e = 0; e < n; e++) s += g[e]!;
      out[0] = out[0]! + s;
      return;
    }
    case 'row': {
      const p = acc.period;
      for (let e = 0; e < n; e++) out[e % p] = out[e % p]! + g[e]!;
      return;
    }
    case 'outer': {
      const b = acc.block;
      for (let o = 0; o * b < n; o++) {
        let s = 0;
        for (let e = o * b; e < (o + 1) * b; e++) s += g[e]!;
        out[o] = out[o]! + s;
      }
      return;
    }
    default: {
      const m = acc.map;
      for (let e = 0; e < n; e++) out[m[e]!] = out[m[e]!]! + g[e]!;
    }
  }
}
