// A table of rows keyed by their content (hash, then exact comparison), each with a value
// vector: the answers of an asynchronous model, and the set of rows a pass still needs.
import { fmix32, mixNumber, mixWord } from '../rng/hash.js';

/** Same content: equal numbers (-0 equals 0, as the hash has it), NaN equals NaN. */
function sameRow(a: Float64Array, aStart: number, b: Float64Array, bStart: number, d: number): boolean {
  for (let j = 0; j < d; j++) {
    const u = a[aStart + j]!;
    const v = b[bStart + j]!;
    if (u !== v && !(Number.isNaN(u) && Number.isNaN(v))) return false;
  }
  return true;
}

/** Grows a Float64Array to hold at least `need` values (doubling). */
function grow(a: Float64Array, need: number): Float64Array {
  if (need <= a.length) return a;
  const b = new Float64Array(Math.max(need, 2 * a.length));
  b.set(a);
  return b;
}

/**
 * Rows of width `d`, each stored once with `width` values. `find` returns a row's index or -1;
 * `add` appends a row (the caller has checked it is new) and returns its index.
 */
export class RowTable {
  private rows: Float64Array = new Float64Array(0);
  private values: Float64Array = new Float64Array(0);
  private readonly byHash = new Map<number, number[]>();
  size = 0;

  constructor(
    readonly d: number,
    readonly width: number,
  ) {}

  /** The hash that keys a row (as core's hashFloat64 of the row's values). */
  hash(data: Float64Array, start: number): number {
    let h = mixWord(0, this.d);
    for (let k = start; k < start + this.d; k++) h = mixNumber(h, data[k]!);
    return fmix32(h);
  }

  find(data: Float64Array, start: number, h: number): number {
    const bucket = this.byHash.get(h);
    if (bucket === undefined) return -1;
    for (const i of bucket) if (sameRow(this.rows, i * this.d, data, start, this.d)) return i;
    return -1;
  }

  add(data: Float64Array, start: number, h: number): number {
    const i = this.size++;
    this.rows = grow(this.rows, this.size * this.d);
    this.values = grow(this.values, this.size * this.width);
    this.rows.set(data.subarray(start, start + this.d), i * this.d);
    const bucket = this.byHash.get(h);
    if (bucket === undefined) this.byHash.set(h, [i]);
    else bucket.push(i);
    return i;
  }

  /** Rows [from, to) as one contiguous Float64Array (a copy). */
  rowBlock(from: number, to: number): Float64Array {
    return this.rows.slice(from * this.d, to * this.d);
  }

  /** The value vector of row i (a view). */
  valueOf(i: number): Float64Array {
    return this.values.subarray(i * this.width, (i + 1) * this.width);
  }

  setValues(i: number, v: ArrayLike<number>): void {
    this.values.set(v, i * this.width);
  }
}
