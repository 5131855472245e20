// The class labels a graph stores for its output columns (a ZipMap's keys, an ai.onnx.ml
// classifier's classlabels_strings / classlabels_int64s), and the column order that matches
// them to a dataset's label values by name.
import { XaiError } from '@xai/core';
import type { GraphIndex } from '../graph.js';
import { attrInt, attrString } from '../proto.js';
import { DT } from '../proto.js';
import { classLabelsOf } from '../interp/ops/ml.js';

const PASS = new Set(['Identity', 'Dropout', 'Flatten', 'Reshape', 'Squeeze']);

/** The labels of the output's columns, in column order, as strings; undefined when the graph stores none. */
export function graphClassLabels(g: GraphIndex, outputName: string): string[] | undefined {
  let name = outputName;
  for (let hops = 0; hops < 32; hops++) {
    const node = g.producer.get(name);
    if (node === undefined) return undefined;
    const op = node.opType ?? '';
    if (op === 'ZipMap' || /Classifier$/.test(op)) {
      const l = classLabelsOf(node);
      if (l.strings !== undefined) return l.strings;
      if (l.ints !== undefined) return l.ints.map(String);
      if (op === 'ZipMap') {
        name = node.input?.[0] ?? '';
        continue;
      }
      return undefined;
    }
    const castToFloat = op === 'Cast' && [DT.FLOAT, DT.DOUBLE].includes(attrInt(node, 'to', 0) as 1);
    const l1 = op === 'Normalizer' && attrString(node, 'norm') === 'L1';
    if (!PASS.has(op) && !castToFloat && !l1) return undefined;
    name = node.input?.[0] ?? '';
  }
  return undefined;
}

/**
 * For each of the data's classes (in the data's order), the model column holding it; an error
 * naming both sets when they are not the same names. Numbers compare as numbers ('1' = '1.0').
 */
export function classOrder(labels: readonly string[], classes: readonly string[], file: string, fn: string): Int32Array {
  const key = (s: string): string => {
    const v = Number(s);
    return s.trim() !== '' && Number.isFinite(v) ? String(v) : s;
  };
  const at = new Map(labels.map((l, j) => [key(l), j]));
  const order = new Int32Array(classes.length);
  const missing = classes.filter((c) => !at.has(key(c)));
  if (labels.length !== classes.length || missing.length > 0 || at.size !== labels.length)
    throw new XaiError(
      'BAD_INPUT',
      `${file} names its classes [${labels.join(', ')}] but the data's label has [${classes.join(', ')}]: the names must be the same set (outputs are matched to classes by name)`,
      { fn, arg: 'classes', file, value: { model: [...labels], data: [...classes] } },
    );
  classes.forEach((c, i) => {
    order[i] = at.get(key(c))!;
  });
  return order;
}
