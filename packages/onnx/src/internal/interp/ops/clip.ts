// Clip: x limited to [min, max] (inputs from opset 11, attributes before); the gradient
// passes where min ≤ x ≤ max, as torch's clamp.
import { attrFloat } from '../../proto.js';
import type { OpDef } from '../op.js';
import { need } from '../op.js';
import { alloc } from '../tensor.js';

function bounds(ctx: Parameters<OpDef['forward']>[0], inputs: Parameters<OpDef['forward']>[1]): [number, number] {
  if (ctx.opset < 11) return [attrFloat(ctx.node, 'min', -3.4028234663852886e38), attrFloat(ctx.node, 'max', 3.4028234663852886e38)];
  return [inputs[1]?.data[0] ?? -Infinity, inputs[2]?.data[0] ?? Infinity];
}

export const clipDef: OpDef = {
  flow: 'elementwise',
  grads: [0],
  forward(ctx, inputs) {
    const x = need(inputs, 0, 'input');
    const [lo, hi] = bounds(ctx, inputs);
    const y = alloc(x.dims, x.type, ctx.precision);
    for (let i = 0; i < x.data.length; i++) y.data[i] = Math.min(Math.max(x.data[i]!, lo), hi);
    return { outputs: [y] };
  },
  backward({ ctx, inputs, dOut }) {
    const g = dOut[0];
    if (g === undefined) return [undefined, undefined, undefined];
    const x = inputs[0]!;
    const [lo, hi] = bounds(ctx, inputs);
    const dx = alloc(x.dims, x.type, ctx.precision);
    for (let i = 0; i < x.data.length; i++) dx.data[i] = x.data[i]! >= lo && x.data[i]! <= hi ? g.data[i]! : 0;
    return [dx, undefined, undefined];
  },
};
