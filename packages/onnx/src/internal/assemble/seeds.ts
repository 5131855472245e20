// The seed gradient that starts the reverse pass for d output[t_i] / d x_i: on the graph
// output, or on the head's logits tensor, by what the output holds and which space is asked.
import type { OutputSpace } from '@xai/core';
import type { RunOutput } from '../runner.js';
import type { Assembly } from './assembly.js';

export interface Seeding {
  /** The tensor the seed goes on. */
  readonly tensor: string;
  /** The tensors to fetch for the seed (its own values first). */
  readonly fetch: readonly string[];
  /** The seed: row-major over the tensor, per row i for output column t[i] (already mapped to graph columns). */
  readonly seed: (values: RunOutput[], targets: Int32Array) => Float64Array;
}

/** seed[i, t_i] = 1 over a rows x width tensor. */
function oneHot(rows: number, width: number, t: Int32Array): Float64Array {
  const s = new Float64Array(rows * width);
  for (let i = 0; i < rows; i++) s[i * width + t[i]!] = 1;
  return s;
}

/** A single column read as two classes [1 − p, p] or logits [0, z]: class 1 is +column, class 0 −column (probability) or nothing (logit). */
function singleColumn(rows: number, t: Int32Array, minus: number, scale?: (i: number) => number): Float64Array {
  const s = new Float64Array(rows);
  for (let i = 0; i < rows; i++) s[i] = (t[i] === 1 ? 1 : minus) * (scale === undefined ? 1 : scale(i));
  return s;
}

/** d softmax(z)_t / dz = p_t (e_t − p), per row. */
function softmaxSeed(z: ArrayLike<number>, rows: number, k: number, t: Int32Array): Float64Array {
  const s = new Float64Array(rows * k);
  for (let i = 0; i < rows; i++) {
    let m = -Infinity;
    for (let j = 0; j < k; j++) m = Math.max(m, z[i * k + j]!);
    let sum = 0;
    for (let j = 0; j < k; j++) sum += Math.exp(z[i * k + j]! - m);
    const pt = Math.exp(z[i * k + t[i]!]! - m) / sum;
    for (let j = 0; j < k; j++) s[i * k + j] = -pt * (Math.exp(z[i * k + j]! - m) / sum);
    s[i * k + t[i]!] = s[i * k + t[i]!]! + pt;
  }
  return s;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

/** How to seed the reverse pass, or undefined when the graph has no tensor for that space (logits of a classifier op). */
export function seeding(a: Assembly, space: OutputSpace): Seeding | undefined {
  const { kind, width: k, outputName } = a;
  const rowsOf = (v: RunOutput): number => (k === 0 ? 0 : v.data.length / k);
  const onOutput = (seed: Seeding['seed']): Seeding => ({ tensor: outputName, fetch: [outputName], seed });
  if (kind === 'value') return onOutput((v, t) => oneHot(rowsOf(v[0]!), k, t));
  if (kind === 'probabilities' && space === 'probability')
    return onOutput((v, t) => (k === 1 ? singleColumn(rowsOf(v[0]!), t, -1) : oneHot(rowsOf(v[0]!), k, t)));
  if (kind === 'logits')
    return onOutput((v, t) => {
      const z = v[0]!.data;
      const rows = rowsOf(v[0]!);
      if (space === 'logit') return k === 1 ? singleColumn(rows, t, 0) : oneHot(rows, k, t);
      if (k === 1) return singleColumn(rows, t, -1, (i) => sigmoid(z[i]!) * (1 - sigmoid(z[i]!)));
      return softmaxSeed(z, rows, k, t);
    });
  // probabilities, logit space: seed the head's input
  const logits = a.head.logits;
  if (logits === undefined) return undefined;
  return {
    tensor: logits,
    fetch: [logits],
    seed: (v, t) => {
      const rows = a.head.kind === 'softmax' ? rowsOf(v[0]!) : v[0]!.data.length;
      return a.head.kind === 'softmax' ? oneHot(rows, k, t) : singleColumn(rows, t, 0);
    },
  };
}
