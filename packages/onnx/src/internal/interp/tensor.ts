// The interpreter's tensors: dims, an ONNX element type and flat row-major data. Float
// tensors hold the arithmetic's array type (Float32Array for a float32/float16 tensor when
// computing as ONNX Runtime does, else Float64Array), so every store rounds as that runtime
// would; integer and boolean tensors hold their values in a Float64Array (exact to 2^53).

/** Which arithmetic a run uses: the graph's own float types ('float32') or float64 throughout. */
export type Precision = 'float32' | 'float64';

/** ONNX TensorProto.DataType codes. */
export const ELEM = {
  FLOAT: 1,
  UINT8: 2,
  INT8: 3,
  UINT16: 4,
  INT16: 5,
  INT32: 6,
  INT64: 7,
  STRING: 8,
  BOOL: 9,
  FLOAT16: 10,
  DOUBLE: 11,
  UINT32: 12,
  UINT64: 13,
} as const;

export type Data = Float64Array | Float32Array;

export interface Tensor {
  readonly dims: readonly number[];
  /** ONNX element type code. */
  readonly type: number;
  readonly data: Data;
  /** A string tensor's values (its `data` then holds indices into them). */
  readonly strings?: readonly string[];
}

export function isFloatType(type: number): boolean {
  return type === ELEM.FLOAT || type === ELEM.DOUBLE || type === ELEM.FLOAT16;
}

export function isIntType(type: number): boolean {
  return type !== ELEM.BOOL && type !== ELEM.STRING && !isFloatType(type);
}

export function sizeOf(dims: readonly number[]): number {
  let s = 1;
  for (const d of dims) s *= d;
  return s;
}

/** Row-major strides of `dims`. */
export function stridesOf(dims: readonly number[]): number[] {
  const s = new Array<number>(dims.length);
  let acc = 1;
  for (let i = dims.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= dims[i]!;
  }
  return s;
}

/**
 * Arrays handed out during one run of a program and taken back when it ends, so a batch's
 * intermediate tensors reuse the last batch's memory instead of waiting for the collector.
 */
export class Arena {
  private readonly free = new Map<string, Data[]>();
  private used: Data[] = [];
  private bytes = 0;

  /** A zeroed array, or with `unset` one whose values are left from its last use. */
  take(f32: boolean, size: number, unset = false): Data {
    const list = this.free.get(`${f32 ? 4 : 8}:${size}`);
    const a = list?.pop();
    const out = a === undefined ? (f32 ? new Float32Array(size) : new Float64Array(size)) : unset ? a : a.fill(0);
    if (a === undefined) this.bytes += out.byteLength;
    this.used.push(out);
    return out;
  }

  /** Every array handed out since the last recycle becomes free again (dropped past 256 MB). */
  recycle(): void {
    if (this.bytes > 256 * 2 ** 20) {
      this.free.clear();
      this.used = [];
      this.bytes = 0;
      return;
    }
    for (const a of this.used) {
      const key = `${a.BYTES_PER_ELEMENT}:${a.length}`;
      let list = this.free.get(key);
      if (list === undefined) {
        list = [];
        this.free.set(key, list);
      }
      list.push(a);
    }
    this.used = [];
  }
}

let arena: Arena | undefined;

/** Runs fn with `a` serving every allocation, then takes its arrays back (results must be copied out first). */
export function inArena<T>(a: Arena, fn: () => T): T {
  const before = arena;
  arena = a;
  try {
    return fn();
  } finally {
    arena = before;
    a.recycle();
  }
}

/** The array a tensor of `type` holds under `precision` (zeroed). */
export function allocData(type: number, size: number, precision: Precision, unset = false): Data {
  const f32 = precision === 'float32' && (type === ELEM.FLOAT || type === ELEM.FLOAT16);
  if (arena !== undefined) return arena.take(f32, size, unset);
  return f32 ? new Float32Array(size) : new Float64Array(size);
}

export function tensor(dims: readonly number[], type: number, data: Data): Tensor {
  return { dims, type, data };
}

export function alloc(dims: readonly number[], type: number, precision: Precision): Tensor {
  return { dims, type, data: allocData(type, sizeOf(dims), precision) };
}

/** `alloc` for an op that writes every element: a recycled array is not zeroed first. */
export function allocUnset(dims: readonly number[], type: number, precision: Precision): Tensor {
  return { dims, type, data: allocData(type, sizeOf(dims), precision, true) };
}

/** A tensor of `type` with its values copied into the precision's array type (rounding on store). */
export function fromValues(dims: readonly number[], type: number, values: ArrayLike<number>, precision: Precision): Tensor {
  const data = allocData(type, values.length, precision);
  data.set(values);
  if (type === ELEM.FLOAT16 && precision === 'float32') roundHalfInPlace(data);
  return { dims, type, data };
}

/** A float64 work array (from the run's arena when there is one), zeroed unless `unset` (the caller writes every element). */
export function scratch(size: number, unset = false): Float64Array {
  return allocData(ELEM.DOUBLE, size, 'float64', unset) as Float64Array;
}

/** An int64 tensor (shape, index or axis values). */
export function ints(dims: readonly number[], values: ArrayLike<number>): Tensor {
  return { dims, type: ELEM.INT64, data: Float64Array.from(values) };
}

/** Normalises an axis in [-rank, rank) to [0, rank); undefined when out of range. */
export function normAxis(axis: number, rank: number): number | undefined {
  const a = axis < 0 ? axis + rank : axis;
  return a >= 0 && a < rank && Number.isInteger(a) ? a : undefined;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** The float16 value nearest to v (round half to even), as a number. */
export function roundHalf(v: number): number {
  if (!Number.isFinite(v) || v === 0) return v;
  const a = Math.abs(v);
  if (a >= 65520) return v > 0 ? Infinity : -Infinity;
  // Quantum of the float16 grid at |v|: 2^(e − 10) for normals, 2^−24 for subnormals.
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a)
    e -= 1; // log2 may round across a power of two
  else if (2 ** (e + 1) <= a) e += 1;
  const q = 2 ** (Math.max(e, -14) - 10);
  const r = a / q;
  let n = Math.round(r);
  if (n - r === 0.5 && n % 2 === 1) n -= 1; // Math.round rounds half up: make it half-even
  return Math.sign(v) * n * q;
}

export function roundHalfInPlace(data: Data): void {
  for (let i = 0; i < data.length; i++) data[i] = roundHalf(data[i]!);
}

/** float16 bits → number. */
export function halfToNumber(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return s * m * 2 ** -24;
  if (e === 31) return m === 0 ? s * Infinity : Number.NaN;
  return s * (1 + m / 1024) * 2 ** (e - 15);
}

/** bfloat16 bits → number. */
export function bfloatToNumber(h: number): number {
  u32[0] = h << 16;
  return f32[0]!;
}

/** A short description of dims for messages: [n, 4]. */
export function dimsText(dims: readonly number[]): string {
  return `[${dims.join(', ')}]`;
}
