// Rows of random subsets with a given size law (KernelSHAP's coalitions): one uniform for the size,
// one per member. Streams made here draw in WebAssembly with 64-bit steps (scripts/subsetsWat.mjs),
// about 3x faster than the JS stream's 32-bit halves and the same bits; any other Rng, or
// XAI_KERNELS=js, draws through rng.uniform() in the loop below.
import { XaiError, describeValue } from '../errors.js';
import type { WasmMemory } from '../internal/wasmModule.js';
import { compileWasm, growMemory, instantiateWasm, jsKernelsForced } from '../internal/wasmModule.js';
import type { Rng } from './rng.js';
import { streamState } from '../internal/streamState.js';
import { SUBSETS_MODULE_BASE64 } from './subsetsBytes.js';

type SubsetsKernel = (rows: number, d: number, paired: number, cdf: number, ncdf: number, perm: number, out: number, st: number) => void;

interface SubsetsInstance {
  readonly memory: WasmMemory;
  readonly subsets: SubsetsKernel;
}

/** Rows per kernel call are capped so that the instance's memory stays small (pairs never split). */
const CHUNK_BYTES = 1 << 18;

let instance: SubsetsInstance | null | undefined;

/** This thread's sampler instance, or null where WebAssembly is missing. */
function subsetsInstance(): SubsetsInstance | null {
  if (instance === undefined) {
    const mod = compileWasm(SUBSETS_MODULE_BASE64);
    instance = mod === null ? null : (instantiateWasm(mod) as unknown as SubsetsInstance);
  }
  return instance;
}

function check(ok: boolean, arg: string, value: unknown, why: string): void {
  if (!ok) throw new XaiError('BAD_INPUT', `${arg} ${why}, got ${describeValue(value)}`, { fn: 'fillRandomSubsets', arg, value });
}

/**
 * Fills `rows` rows of `d` values 0/1 at out[start..): each row a uniformly random subset of the
 * d positions. Its size k is 1 + the first index whose `sizeCdf` entry exceeds a uniform draw (the
 * last index if none), so sizeCdf[k−1] = P(size ≤ k) for k = 1..sizeCdf.length ≤ d; its members
 * come from a partial Fisher–Yates shuffle of one index array that starts as the identity and
 * carries over from row to row. With `paired`, every odd row is the complement of the row
 * before and draws nothing. Every draw is `rng.uniform()`'s next value, in order.
 * @example fillRandomSubsets(substream(seed, key), z, 0, 500, d, shapleySizes)
 * @since 0.3.0
 */
export function fillRandomSubsets(
  rng: Rng,
  out: Float64Array,
  start: number,
  rows: number,
  d: number,
  sizeCdf: Float64Array,
  paired = false,
): Float64Array {
  check(Number.isSafeInteger(d) && d >= 1, 'd', d, 'must be a positive integer');
  check(Number.isSafeInteger(rows) && rows >= 0, 'rows', rows, 'must be a non-negative integer');
  check(sizeCdf.length >= 1 && sizeCdf.length <= d, 'sizeCdf', sizeCdf.length, `must hold 1..${d} entries`);
  check(
    Number.isSafeInteger(start) && start >= 0 && start + rows * d <= out.length,
    'start',
    start,
    `must leave ${rows}x${d} values in out (length ${out.length})`,
  );
  const st = streamState(rng);
  const wasm = st === null || jsKernelsForced() ? null : subsetsInstance();
  if (wasm === null) fillSubsetsJs(rng, out, start, rows, d, sizeCdf, paired);
  else fillSubsetsWasm(wasm, st!, out, start, rows, d, sizeCdf, paired);
  return out;
}

/** The reference loop: rng.uniform() draw by draw. */
function fillSubsetsJs(rng: Rng, out: Float64Array, start: number, rows: number, d: number, cdf: Float64Array, paired: boolean): void {
  const perm = new Int32Array(d);
  for (let j = 0; j < d; j++) perm[j] = j;
  for (let row = 0, o = start; row < rows; row++, o += d) {
    if (paired && row % 2 === 1) {
      for (let j = 0; j < d; j++) out[o + j] = 1 - out[o - d + j]!;
      continue;
    }
    const k = drawSize(rng.uniform(), cdf);
    for (let j = 0; j < k; j++) {
      const r = j + Math.floor(rng.uniform() * (d - j));
      const t = perm[j]!;
      perm[j] = perm[r]!;
      perm[r] = t;
    }
    out.fill(0, o, o + d);
    for (let j = 0; j < k; j++) out[o + perm[j]!] = 1;
  }
}

/** 1 + the first index whose cdf entry exceeds u (the last index if none), by bisection. */
function drawSize(u: number, cdf: Float64Array): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (u >= cdf[mid]!) lo = mid + 1;
    else hi = mid;
  }
  return lo + 1;
}

/** The kernel over chunks of whole pairs; the state and the index array live in its memory between chunks. */
function fillSubsetsWasm(
  wasm: SubsetsInstance,
  st: Int32Array,
  out: Float64Array,
  start: number,
  rows: number,
  d: number,
  cdf: Float64Array,
  paired: boolean,
): void {
  const chunkRows = Math.max(2, Math.floor(CHUNK_BYTES / (16 * d)) * 2);
  const cdfAt = 16;
  const permAt = cdfAt + 8 * cdf.length;
  const outAt = permAt + 8 * Math.ceil(d / 2);
  growMemory(wasm.memory, outAt + 8 * d * Math.min(rows, chunkRows));
  const buffer = wasm.memory.buffer;
  const state = new Int32Array(buffer, 0, 4);
  state.set(st);
  new Float64Array(buffer, cdfAt, cdf.length).set(cdf);
  const perm = new Int32Array(buffer, permAt, d);
  for (let j = 0; j < d; j++) perm[j] = j;
  const rowsOut = new Float64Array(buffer, outAt, d * Math.min(rows, chunkRows));
  for (let row = 0; row < rows; row += chunkRows) {
    const n = Math.min(chunkRows, rows - row);
    wasm.subsets(n, d, paired ? 1 : 0, cdfAt, cdf.length, permAt, outAt, 0);
    out.set(rowsOut.subarray(0, n * d), start + row * d);
  }
  st.set(state);
}
