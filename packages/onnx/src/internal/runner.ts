// The one interface both runtimes sit behind: run a batch, get flat outputs.
import type { Matrix } from '@xai/core';

/** A flat output tensor (row-major). */
export interface RunOutput {
  readonly data: Float32Array | Float64Array;
  readonly dims: readonly number[];
}

export interface Runner {
  /** 'onnxruntime-node' or 'onnxruntime-web'. */
  readonly name: string;
  /** Synchronous run (onnxruntime-node's native binding); absent in browsers. `otherInputs` feeds graph inputs beside x. */
  readonly runSync?: (x: Matrix, fetch: readonly string[], otherInputs?: Readonly<Record<string, Matrix>>) => RunOutput[];
  readonly runAsync: (x: Matrix, fetch: readonly string[]) => Promise<RunOutput[]>;
  dispose(): void;
}

/** Copies a (possibly strided) Float64 matrix into a contiguous input buffer of the graph's type. */
export class InputBuffer {
  private f32 = new Float32Array(0);
  private f64 = new Float64Array(0);
  constructor(readonly float64: boolean) {}

  fill(x: Matrix): Float32Array | Float64Array {
    const n = x.rows * x.cols;
    const stride = x.stride ?? x.cols;
    const offset = x.offset ?? 0;
    if (this.float64) {
      if (stride === x.cols && offset === 0 && x.data.length === n) return x.data;
      if (this.f64.length < n) this.f64 = new Float64Array(n);
      const out = this.f64.subarray(0, n);
      for (let i = 0; i < x.rows; i++) out.set(x.data.subarray(offset + i * stride, offset + i * stride + x.cols), i * x.cols);
      return out;
    }
    // Exact-size views: the runtime reads the whole typed array it is given.
    if (this.f32.length < n) this.f32 = new Float32Array(n);
    const out = this.f32.subarray(0, n);
    if (stride === x.cols && offset === 0) out.set(x.data.subarray(0, n));
    else for (let i = 0; i < x.rows; i++) out.set(x.data.subarray(offset + i * stride, offset + i * stride + x.cols), i * x.cols);
    return out;
  }
}
