// The imported MLP's output in the Model's columns: a value model reads the head's outputs
// (or the raw scores when there is no head), past a prepended zero logit.
import type { Matrix } from '@xai/core';
import { row } from '@xai/core';
import { outBuffer } from '../matrixChecks.js';
import type { Imported } from '../toNeuralModel.js';
import type { Assembly } from './assembly.js';
import type { OutputSpace } from './sessionOutput.js';

type Shape = Pick<Assembly, 'kind' | 'classes' | 'headed'>;

export function importedOutput(a: Shape, imported: Imported, name: string, x: Matrix, space: OutputSpace, out: Matrix | undefined): Matrix {
  const m = imported.model;
  const { kind, classes } = a;
  const full = kind === 'value' ? (a.headed ? m.predictProba(x) : m.logits(x)) : space === 'proba' ? m.predictProba(x) : m.logits(x);
  const dst = outBuffer(name, x.rows, classes, out);
  const os = dst.stride ?? dst.cols;
  const oo = dst.offset ?? 0;
  const shift = kind === 'value' ? imported.shift : 0;
  for (let i = 0; i < x.rows; i++) {
    const r = row(full, i);
    for (let j = 0; j < classes; j++) dst.data[oo + i * os + j] = r[j + shift]!;
  }
  return dst;
}
