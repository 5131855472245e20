// The noise source of LIME's `noise: 'numpy-batch'` mode. The released OpenXAI code calls
// np.random.seed(seed) once per get_explanations call, and lime draws
// `normal(0, 1, samples·d)` per row in order, so row p of that call consumes the normals
// [p·m, (p+1)·m) of one RandomState(seed) stream (m = samples·d). This cursor walks that
// stream forwards: draws are written in bulk, skipped ranges are generated and discarded in
// blocks, and a request behind the cursor restarts from the seed. The result depends only on
// (seed, from, count), never on earlier calls; keeping the cursor just saves regeneration
// when a caller explains consecutive blocks of the released batch.
import type { NumpyRandomState } from '@xai/core';
import { numpyRandomState } from '@xai/core';

/** Normals generated per discard step (reused scratch). */
const DISCARD_BLOCK = 1 << 15;

export interface NumpyBatchStream {
  /** Writes normals [from, from + count) of RandomState(seed)'s standard-normal stream into out[at, at + count). */
  fill(out: Float64Array, at: number, from: number, count: number): void;
  /** Index of the next normal the stream would produce (for tests). */
  readonly cursor: number;
}

export function numpyBatchStream(seed: number): NumpyBatchStream {
  let rs: NumpyRandomState | null = null;
  let cursor = 0;
  let scratch: Float64Array | null = null;
  return {
    get cursor(): number {
      return cursor;
    },
    fill(out: Float64Array, at: number, from: number, count: number): void {
      if (rs === null || from < cursor) {
        rs = numpyRandomState(seed);
        cursor = 0;
      }
      while (cursor < from) {
        const k = Math.min(DISCARD_BLOCK, from - cursor);
        scratch ??= new Float64Array(DISCARD_BLOCK);
        rs.fillNormal(scratch, 0, 1, 0, k);
        cursor += k;
      }
      // normal(0, 1) = 0 + 1·g = g exactly, as numpy's legacy_normal computes it.
      rs.fillNormal(out, 0, 1, at, at + count);
      cursor += count;
    },
  };
}
