// Elementwise functions of one tensor, each with its derivative written from the output or
// the input. Activation attributes take the ONNX defaults.
import type { NodeProto } from '../../proto.js';
import { attrFloat, attrString } from '../../proto.js';
import { erf, erf32, erfDerivative } from '../erf.js';
import { erfGeluLoop, geluOpDef, tanhGeluLoop } from '../geluOp.js';
import type { OpDef } from '../op.js';
import { OpError, need } from '../op.js';
import { ELEM, alloc, isFloatType } from '../tensor.js';

/** f(x) and df/dx (given x and y = f(x)); no derivative: a step function (Floor, Sign, …). */
interface Fn {
  readonly f: (x: number) => number;
  readonly d?: (x: number, y: number) => number;
}

function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const e = Math.exp(x);
  return e / (1 + e);
}

/** Round half to even (ONNX Round). */
function roundEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

const FNS: Readonly<Record<string, (node: NodeProto) => Fn>> = {
  Neg: () => ({ f: (x) => -x, d: () => -1 }),
  Abs: () => ({ f: Math.abs, d: (x) => (x > 0 ? 1 : x < 0 ? -1 : 0) }),
  Relu: () => ({ f: (x) => Math.max(x, 0), d: (x) => (x > 0 ? 1 : 0) }),
  LeakyRelu: (n) => {
    const a = attrFloat(n, 'alpha', 0.01);
    return { f: (x) => (x > 0 ? x : a * x), d: (x) => (x > 0 ? 1 : a) };
  },
  Elu: (n) => {
    const a = attrFloat(n, 'alpha', 1);
    return { f: (x) => (x > 0 ? x : a * Math.expm1(x)), d: (x) => (x > 0 ? 1 : a * Math.exp(x)) };
  },
  Selu: (n) => {
    // ONNX's defaults are float32 attributes
    const a = attrFloat(n, 'alpha', Math.fround(1.6732632423543772));
    const g = attrFloat(n, 'gamma', Math.fround(1.0507009873554805));
    return { f: (x) => g * (x > 0 ? x : a * Math.expm1(x)), d: (x) => g * (x > 0 ? 1 : a * Math.exp(x)) };
  },
  Celu: (n) => {
    const a = attrFloat(n, 'alpha', 1);
    return { f: (x) => (x > 0 ? x : a * Math.expm1(x / a)), d: (x) => (x > 0 ? 1 : Math.exp(x / a)) };
  },
  Erf: () => ({ f: erf, d: erfDerivative }),
  Tanh: () => ({ f: Math.tanh, d: (_x, y) => 1 - y * y }),
  Sigmoid: () => ({ f: sigmoid, d: (_x, y) => y * (1 - y) }),
  HardSigmoid: (n) => {
    const a = attrFloat(n, 'alpha', 0.2);
    const b = attrFloat(n, 'beta', 0.5);
    return {
      f: (x) => Math.max(0, Math.min(1, a * x + b)),
      d: (x) => {
        const v = a * x + b;
        return v > 0 && v < 1 ? a : 0;
      },
    };
  },
  HardSwish: () => ({
    f: (x) => x * Math.max(0, Math.min(1, x / 6 + 0.5)),
    d: (x) => (x < -3 ? 0 : x > 3 ? 1 : x / 3 + 0.5),
  }),
  Softplus: () => ({ f: (x) => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x))), d: sigmoid }),
  Softsign: () => ({ f: (x) => x / (1 + Math.abs(x)), d: (x) => 1 / ((1 + Math.abs(x)) * (1 + Math.abs(x))) }),
  Exp: () => ({ f: Math.exp, d: (_x, y) => y }),
  Log: () => ({ f: Math.log, d: (x) => 1 / x }),
  Sqrt: () => ({ f: Math.sqrt, d: (_x, y) => 0.5 / y }),
  Reciprocal: () => ({ f: (x) => 1 / x, d: (x) => -1 / (x * x) }),
  Sin: () => ({ f: Math.sin, d: Math.cos }),
  Cos: () => ({ f: Math.cos, d: (x) => -Math.sin(x) }),
  Floor: () => ({ f: Math.floor }),
  Ceil: () => ({ f: Math.ceil }),
  Round: () => ({ f: roundEven }),
  Sign: () => ({ f: (x) => (x > 0 ? 1 : x < 0 ? -1 : x) }),
};

/** The op types implemented here. */
export const UNARY_OPS: readonly string[] = [...Object.keys(FNS), 'Gelu'];

/** The definition of one elementwise op; the functions are made once per node. */
function unaryDef(op: string): OpDef {
  const make = FNS[op]!;
  const cache = new WeakMap<NodeProto, Fn>();
  const fnOf = (node: NodeProto): Fn => {
    let fn = cache.get(node);
    if (fn === undefined) {
      fn = make(node);
      cache.set(node, fn);
    }
    return fn;
  };
  const differentiable = make({}).d !== undefined;
  const def: OpDef = {
    flow: 'elementwise',
    forward(ctx, inputs) {
      const x = need(inputs, 0, 'X');
      const neg = op === 'Neg' || op === 'Abs' || op === 'Sign';
      if (!isFloatType(x.type) && !neg) throw new OpError(`${op} of a ${x.type === ELEM.BOOL ? 'bool' : 'integer'} tensor`);
      const y = alloc(x.dims, x.type, ctx.precision);
      // a float32 result needs erf only to float32's accuracy
      const f = op === 'Erf' && y.data instanceof Float32Array ? erf32 : fnOf(ctx.node).f;
      const xd = x.data;
      const yd = y.data;
      for (let i = 0; i < xd.length; i++) yd[i] = f(xd[i]!);
      return { outputs: [y] };
    },
    ...(differentiable
      ? {
          grads: [0],
          backward({ ctx, inputs, outputs, dOut }) {
            const g = dOut[0];
            if (g === undefined) return [undefined];
            const d = fnOf(ctx.node).d!;
            const x = inputs[0]!.data;
            const y = outputs[0]!.data;
            const dx = alloc(g.dims, g.type, ctx.precision);
            const gd = g.data;
            const out = dx.data;
            for (let i = 0; i < gd.length; i++) out[i] = gd[i]! * d(x[i]!, y[i]!);
            return [dx];
          },
        }
      : { breaks: [0] }),
  };
  return def;
}

const ERF_GELU = erfGeluLoop({ c1: Math.SQRT2, c2: 1, c3: 0.5 });

/** Gelu (both forms) runs whole-batch loops that keep dy/dx for the backward pass. */
const geluDef = geluOpDef((node) => ((attrString(node, 'approximate') ?? 'none') === 'tanh' ? tanhGeluLoop : ERF_GELU));

export const UNARY_DEFS: Readonly<Record<string, OpDef>> = {
  ...Object.fromEntries(Object.keys(FNS).map((op) => [op, unaryDef(op)])),
  Gelu: geluDef,
};
