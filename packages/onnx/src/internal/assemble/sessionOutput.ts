// A session's raw output → the Model's n x classes matrix: checked finite, a single score
// paired with its complement, logits softmaxed when probabilities are asked for.
import type { Matrix } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import { outBuffer } from '../matrixChecks.js';
import type { RunOutput } from '../runner.js';
import type { Assembly } from './assembly.js';
import { sigmoid, softmaxInto } from './softmaxInto.js';

/** 'proba': predictProba's space; 'logit': logits' space. */
export type OutputSpace = 'proba' | 'logit';

type Shape = Pick<Assembly, 'file' | 'outputName' | 'width' | 'kind' | 'classes' | 'order'>;

function checkFinite(a: Shape, name: string, out: RunOutput, rows: number): void {
  const { data } = out;
  for (let i = 0; i < data.length; i++) {
    if (!Number.isFinite(data[i]!)) {
      const r = Math.floor(i / a.width);
      throw new XaiError(
        'NON_FINITE',
        `${a.file}: output '${a.outputName}' is ${describeValue(data[i])} at row ${r} column ${i % a.width} (of ${rows} rows)`,
        { fn: name, arg: a.outputName, file: a.file, row: r, value: data[i] },
      );
    }
  }
}

/** Columns put in the Model's class order: column j ← output column order[j]. */
function reordered(src: ArrayLike<number>, rows: number, k: number, order: Int32Array): Float64Array {
  const out = new Float64Array(rows * k);
  for (let i = 0; i < rows; i++) for (let j = 0; j < k; j++) out[i * k + j] = src[i * k + order[j]!]!;
  return out;
}

export function sessionOutput(a: Shape, name: string, raw: RunOutput, rows: number, space: OutputSpace, out: Matrix | undefined): Matrix {
  checkFinite(a, name, raw, rows);
  const { kind, width: k } = a;
  const dst = outBuffer(name, rows, a.classes, out);
  const os = dst.stride ?? dst.cols;
  const oo = dst.offset ?? 0;
  const src = a.order === undefined || k === 1 ? raw.data : reordered(raw.data, rows, k, a.order);
  for (let i = 0; i < rows; i++) {
    const to = oo + i * os;
    if (kind === 'value') for (let j = 0; j < k; j++) dst.data[to + j] = src[i * k + j]!;
    else if (k === 1) {
      const v = src[i]!;
      const p = kind === 'logits' ? sigmoid(v) : v;
      if (space === 'logit') {
        dst.data[to] = 0;
        dst.data[to + 1] = v;
      } else {
        dst.data[to] = 1 - p;
        dst.data[to + 1] = p;
      }
    } else if (kind === 'logits' && space === 'proba') softmaxInto(src, i * k, k, dst.data, to);
    else for (let j = 0; j < k; j++) dst.data[to + j] = src[i * k + j]!;
  }
  return dst;
}
