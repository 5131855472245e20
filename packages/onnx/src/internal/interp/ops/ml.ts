// The ai.onnx.ml ops scikit-learn exports put around a linear model: Scaler, Normalizer,
// LinearClassifier, LinearRegressor, ArrayFeatureExtractor and ZipMap (whose map output is
// kept as the score tensor it wraps, with the class labels on the side).
import type { NodeProto } from '../../proto.js';
import { attrFloats, attrInt, attrInts, attrString, attribute } from '../../proto.js';
import type { Backward, OpContext, OpDef } from '../op.js';
import { OpError, need } from '../op.js';
import type { Tensor } from '../tensor.js';
import { ELEM, alloc, dimsText, ints } from '../tensor.js';

/** A 2-D view [rows, cols] of an ML op's input (1-D: one row). */
function rowsOf(x: Tensor): { rows: number; cols: number } {
  if (x.dims.length === 1) return { rows: 1, cols: x.dims[0]! };
  if (x.dims.length !== 2) throw new OpError(`expected a 2-D input, got ${dimsText(x.dims)}`, 'SHAPE_MISMATCH');
  return { rows: x.dims[0]!, cols: x.dims[1]! };
}

/** Y = (X − offset) · scale per column (a one-element list applies to every column). */
const scalerDef: OpDef = {
  flow: 'elementwise',
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const { cols } = rowsOf(x);
    const offset = attrFloats(ctx.node, 'offset') ?? [0];
    const scale = attrFloats(ctx.node, 'scale') ?? [1];
    for (const [name, v] of [
      ['offset', offset],
      ['scale', scale],
    ] as const)
      if (v.length !== 1 && v.length !== cols) throw new OpError(`${v.length} ${name} values for ${cols} columns`, 'SHAPE_MISMATCH');
    const y = alloc(x.dims, ELEM.FLOAT, ctx.precision);
    for (let e = 0; e < x.data.length; e++) {
      const j = e % cols;
      y.data[e] = (x.data[e]! - offset[offset.length === 1 ? 0 : j]!) * scale[scale.length === 1 ? 0 : j]!;
    }
    return { outputs: [y] };
  },
  backward({ ctx, inputs, dOut }) {
    const g = dOut[0];
    if (g === undefined) return [undefined];
    const x = inputs[0]!;
    const { cols } = rowsOf(x);
    const scale = attrFloats(ctx.node, 'scale') ?? [1];
    const dx = alloc(x.dims, x.type, ctx.precision);
    for (let e = 0; e < g.data.length; e++) dx.data[e] = g.data[e]! * scale[scale.length === 1 ? 0 : e % cols]!;
    return [dx];
  },
};

/** Row norms: MAX (x / max x), L1 (x / Σ|x|), L2 (x / √Σx²); a zero norm leaves the row. */
const normalizerDef: OpDef = {
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const { rows, cols } = rowsOf(x);
    const norm = attrString(ctx.node, 'norm') ?? 'MAX';
    if (!['MAX', 'L1', 'L2'].includes(norm)) throw new OpError(`Normalizer norm '${norm}'`);
    const y = alloc(x.dims, ELEM.FLOAT, ctx.precision);
    const scale = new Float64Array(rows);
    for (let i = 0; i < rows; i++) {
      let s = norm === 'MAX' ? -Infinity : 0;
      for (let j = 0; j < cols; j++) {
        const v = x.data[i * cols + j]!;
        s = norm === 'MAX' ? Math.max(s, v) : norm === 'L1' ? s + Math.abs(v) : s + v * v;
      }
      const den = norm === 'L2' ? Math.sqrt(s) : s;
      scale[i] = den === 0 ? 1 : den;
      for (let j = 0; j < cols; j++) y.data[i * cols + j] = x.data[i * cols + j]! / scale[i]!;
    }
    return { outputs: [y], saved: { norm, scale, rows, cols } };
  },
  backward({ ctx, inputs, dOut, saved }) {
    const g = dOut[0];
    if (g === undefined) return [undefined];
    const x = inputs[0]!;
    const { norm, scale, rows, cols } = saved as { norm: string; scale: Float64Array; rows: number; cols: number };
    const dx = alloc(x.dims, x.type, ctx.precision);
    for (let i = 0; i < rows; i++) {
      const s = scale[i]!;
      let gx = 0;
      let arg = 0;
      for (let j = 0; j < cols; j++) {
        gx += g.data[i * cols + j]! * x.data[i * cols + j]!;
        if (x.data[i * cols + j]! > x.data[i * cols + arg]!) arg = j;
      }
      for (let j = 0; j < cols; j++) {
        const v = x.data[i * cols + j]!;
        // d(x/s)/dx = 1/s − x · (ds/dx) / s², ds/dx: MAX e_argmax, L1 sign(x), L2 x/s
        const ds = norm === 'MAX' ? (j === arg ? 1 : 0) : norm === 'L1' ? Math.sign(v) : v / s;
        dx.data[i * cols + j] = g.data[i * cols + j]! / s - (ds * gx) / (s * s);
      }
    }
    return [dx];
  },
};

/** The class labels an ML classifier (or ZipMap) declares: strings, or int64s as numbers. */
export function classLabelsOf(node: NodeProto): { strings?: string[]; ints?: number[] } {
  const s = attribute(node, 'classlabels_strings')?.strings;
  if (s !== null && s !== undefined && s.length > 0) return { strings: s.map((b) => new TextDecoder().decode(b)) };
  const i = attrInts(node, 'classlabels_int64s') ?? attrInts(node, 'classlabels_ints');
  return i === undefined ? {} : { ints: i };
}

interface Linear {
  readonly w: number[];
  readonly b: number[];
  readonly rows: number;
  readonly cols: number;
}

function linearOf(node: NodeProto, cols: number): Linear {
  const w = attrFloats(node, 'coefficients') ?? [];
  const given = attrFloats(node, 'intercepts') ?? [];
  const rows = cols === 0 ? 0 : w.length / cols;
  if (!Number.isInteger(rows) || rows < 1)
    throw new OpError(`${w.length} coefficients do not split into rows of ${cols} features`, 'SHAPE_MISMATCH');
  const b = given.length === 0 ? new Array<number>(rows).fill(0) : given;
  if (b.length !== rows) throw new OpError(`${b.length} intercepts for ${rows} coefficient rows`, 'SHAPE_MISMATCH');
  return { w, b, rows, cols };
}

/** raw[i][c] = x_i · w_c + b_c */
function affine(x: Tensor, l: Linear, n: number): Float64Array {
  const raw = new Float64Array(n * l.rows);
  for (let i = 0; i < n; i++)
    for (let c = 0; c < l.rows; c++) {
      let s = 0;
      for (let j = 0; j < l.cols; j++) s += x.data[i * l.cols + j]! * l.w[c * l.cols + j]!;
      raw[i * l.rows + c] = s + l.b[c]!;
    }
  return raw;
}

const sigmoid = (z: number): number => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

interface ClassifierSaved {
  readonly l: Linear;
  readonly n: number;
  readonly post: string;
  /** One coefficient row scoring two classes: scores [−z, z] before the transform. */
  readonly binary: boolean;
  /** Scores after the transform (n x width). */
  readonly scores: Float64Array;
  readonly width: number;
}

/** LinearClassifier: scores z = x·Wᵀ + b, then NONE, SOFTMAX or LOGISTIC; one row over two labels scores [−z, z]. */
const linearClassifierDef: OpDef = {
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const { rows: n, cols } = rowsOf(x);
    const l = linearOf(ctx.node, cols);
    const labels = classLabelsOf(ctx.node);
    const labelCount = labels.strings?.length ?? labels.ints?.length ?? l.rows;
    const post = attrString(ctx.node, 'post_transform') ?? 'NONE';
    if (!['NONE', 'SOFTMAX', 'LOGISTIC'].includes(post)) throw new OpError(`LinearClassifier post_transform ${post}`);
    const binary = l.rows === 1 && labelCount === 2;
    const raw = affine(x, l, n);
    const width = binary ? 2 : l.rows;
    const scores = new Float64Array(n * width);
    for (let i = 0; i < n; i++) {
      const row = binary ? [-raw[i]!, raw[i]!] : Array.from(raw.subarray(i * width, (i + 1) * width));
      if (post === 'SOFTMAX') {
        const m = Math.max(...row);
        const e = row.map((v) => Math.exp(v - m));
        const s = e.reduce((a, b) => a + b, 0);
        for (let c = 0; c < width; c++) scores[i * width + c] = e[c]! / s;
      } else for (let c = 0; c < width; c++) scores[i * width + c] = post === 'LOGISTIC' ? sigmoid(row[c]!) : row[c]!;
    }
    const z = alloc([n, width], ELEM.FLOAT, ctx.precision);
    z.data.set(scores);
    // the predicted label: the top score (binary: z > 0)
    const top = Array.from({ length: n }, (_, i) => {
      if (binary) return raw[i]! > 0 ? 1 : 0;
      let best = 0;
      for (let c = 1; c < width; c++) if (scores[i * width + c]! > scores[i * width + best]!) best = c;
      return best;
    });
    const y: Tensor = labels.strings
      ? { dims: [n], type: ELEM.STRING, data: Float64Array.from(top), strings: labels.strings }
      : ints([n], labels.ints ? top.map((k) => labels.ints![k] ?? k) : top);
    const saved: ClassifierSaved = { l, n, post, binary, scores, width };
    return { outputs: [y, z], saved };
  },
  backward({ ctx, inputs, dOut, saved }: Backward) {
    const g = dOut[1];
    if (g === undefined) return [undefined];
    const { l, n, post, binary, scores, width } = saved as ClassifierSaved;
    const x = inputs[0]!;
    const dx = alloc(x.dims, x.type, ctx.precision);
    const dRaw = new Float64Array(width);
    for (let i = 0; i < n; i++) {
      const s = scores.subarray(i * width, (i + 1) * width);
      const gi = g.data.subarray(i * width, (i + 1) * width);
      let dot = 0;
      for (let c = 0; c < width; c++) dot += gi[c]! * s[c]!;
      for (let c = 0; c < width; c++)
        dRaw[c] = post === 'SOFTMAX' ? s[c]! * (gi[c]! - dot) : post === 'LOGISTIC' ? gi[c]! * s[c]! * (1 - s[c]!) : gi[c]!;
      // back through [−z, z] for the one-row binary layout
      const dz = binary ? [dRaw[1]! - dRaw[0]!] : Array.from(dRaw);
      for (let j = 0; j < l.cols; j++) {
        let v = 0;
        for (let c = 0; c < l.rows; c++) v += dz[c]! * l.w[c * l.cols + j]!;
        dx.data[i * l.cols + j] = v;
      }
    }
    return [dx];
  },
};

const linearRegressorDef: OpDef = {
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const { rows: n, cols } = rowsOf(x);
    const post = attrString(ctx.node, 'post_transform') ?? 'NONE';
    if (post !== 'NONE') throw new OpError(`LinearRegressor post_transform ${post}`);
    const l = linearOf(ctx.node, cols);
    const targets = attrInt(ctx.node, 'targets', 1);
    if (targets !== l.rows) throw new OpError(`${l.rows} coefficient rows for ${targets} targets`, 'SHAPE_MISMATCH');
    const y = alloc([n, targets], ELEM.FLOAT, ctx.precision);
    y.data.set(affine(x, l, n));
    return { outputs: [y], saved: l };
  },
  backward({ ctx, inputs, dOut, saved }) {
    const g = dOut[0];
    if (g === undefined) return [undefined];
    const l = saved as Linear;
    const x = inputs[0]!;
    const dx = alloc(x.dims, x.type, ctx.precision);
    const n = g.data.length / l.rows;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < l.cols; j++) {
        let v = 0;
        for (let c = 0; c < l.rows; c++) v += g.data[i * l.rows + c]! * l.w[c * l.cols + j]!;
        dx.data[i * l.cols + j] = v;
      }
    return [dx];
  },
};

/** ArrayFeatureExtractor(X, indices): the columns `indices` of the last axis. */
const arrayFeatureExtractorDef: OpDef = {
  flow: 'movement',
  grads: [0],
  breaks: [1],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'X');
    const idx = Array.from(need(inputs, 1, 'Y').data);
    const d = x.dims[x.dims.length - 1]!;
    for (const i of idx) if (!(i >= 0 && i < d)) throw new OpError(`column index ${i} is outside [0, ${d})`, 'BAD_INPUT');
    const outer = x.data.length / d;
    const dims = x.dims.length === 1 ? [1, idx.length] : [...x.dims.slice(0, -1), idx.length];
    const y = alloc(dims, x.type, ctx.precision);
    for (let o = 0; o < outer; o++) for (let k = 0; k < idx.length; k++) y.data[o * idx.length + k] = x.data[o * d + idx[k]!]!;
    return { outputs: [x.strings ? { ...y, strings: x.strings } : y], saved: idx };
  },
  backward({ ctx, inputs, dOut, saved }) {
    const g = dOut[0];
    if (g === undefined) return [undefined];
    const x = inputs[0]!;
    const idx = saved as number[];
    const d = x.dims[x.dims.length - 1]!;
    const dx = alloc(x.dims, x.type, ctx.precision);
    for (let o = 0; o < x.data.length / d; o++)
      for (let k = 0; k < idx.length; k++) dx.data[o * d + idx[k]!] = dx.data[o * d + idx[k]!]! + g.data[o * idx.length + k]!;
    return [dx];
  },
};

/** ZipMap: the scores pass through (as the tensor the map is made of). */
const zipMapDef: OpDef = {
  flow: 'movement',
  grads: [0],
  forward: (_ctx: OpContext, inputs) => ({ outputs: [need(inputs, 0, 'X')] }),
  backward: ({ dOut }) => [dOut[0]],
};

export const ML_DEFS: Readonly<Record<string, OpDef>> = {
  Scaler: scalerDef,
  Normalizer: normalizerDef,
  LinearClassifier: linearClassifierDef,
  LinearRegressor: linearRegressorDef,
  ArrayFeatureExtractor: arrayFeatureExtractorDef,
  ZipMap: zipMapDef,
};
