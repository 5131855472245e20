// One op definition for every GELU the interpreter runs (torch's five-node Erf pattern fused,
// and ONNX's own Gelu op in both forms): the forward runs a whole-batch loop and, when a
// backward pass follows, keeps dy/dx per element, so the backward is one multiply.
import type { NodeProto } from '../proto.js';
import type { GeluConstants } from './geluKernels.js';
import { gelu32, gelu64, geluBack32, geluBack64, geluTanh } from './geluKernels.js';
import type { OpDef } from './op.js';
import { need } from './op.js';
import type { Data } from './tensor.js';
import { allocUnset, scratch } from './tensor.js';

/** y = f(x) over a batch, dy/dx into `keep` when given. */
export type GeluLoop = (xd: Data, yd: Data, keep: Float64Array | undefined) => void;

/** The erf form with the node's constants: float32 arrays take erf to float32 accuracy, one loop per array type. */
export function erfGeluLoop(k: GeluConstants): GeluLoop {
  return (xd, yd, keep) => {
    if (xd instanceof Float32Array && yd instanceof Float32Array) gelu32(xd, yd, keep, k);
    else if (xd instanceof Float64Array && yd instanceof Float64Array) gelu64(xd, yd, keep, k);
    else {
      const out = new Float64Array(yd.length);
      gelu64(Float64Array.from(xd), out, keep, k);
      yd.set(out);
    }
  };
}

export const tanhGeluLoop: GeluLoop = geluTanh;

/** The op running `loopOf(node)`'s loop. */
export function geluOpDef(loopOf: (node: NodeProto) => GeluLoop): OpDef {
  return {
    flow: 'elementwise',
    grads: [0],
    forward(ctx, inputs, grad) {
      const x = need(inputs, 0, 'X');
      const y = allocUnset(x.dims, x.type, ctx.precision);
      const keep = grad === true ? scratch(x.data.length, true) : undefined;
      loopOf(ctx.node)(x.data, y.data, keep);
      return { outputs: [y], saved: keep };
    },
    backward({ ctx, inputs, dOut, saved }) {
      const g = dOut[0];
      if (g === undefined) return [undefined];
      const x = inputs[0]!;
      const dx = allocUnset(x.dims, x.type, ctx.precision);
      let keep = saved as Float64Array | undefined;
      if (keep === undefined) {
        // a forward run without `grad`: recompute dy/dx
        keep = scratch(x.data.length);
        loopOf(ctx.node)(x.data, x.data instanceof Float32Array ? new Float32Array(x.data.length) : scratch(x.data.length), keep);
      }
      const [gd, out] = [g.data, dx.data];
      if (gd instanceof Float32Array && out instanceof Float32Array) geluBack32(gd, keep, out);
      else if (gd instanceof Float64Array && out instanceof Float64Array) geluBack64(gd, keep, out);
      else for (let i = 0; i < gd.length; i++) out[i] = gd[i]! * keep[i]!;
      return [dx];
    },
  };
}
