// One op definition for every GELU the interpreter runs (torch's five-node Erf pattern fused,
// and ONNX's own Gelu op in both forms): the forward runs a whole-batch loop and, when a
// backward pass follows, keeps dy/dx per element, so the backward is one multiply. The erf
// form over float32 arrays runs on the WebAssembly SIMD kernel where there is one.
import type { NodeProto } from '../proto.js';
import type { GeluConstants } from './geluKernels.js';
import { gelu32, gelu64, geluBack32, geluBack32f, geluBack64, geluTanh } from './geluKernels.js';
import type { MatmulKernels } from './kernels.js';
import type { OpDef } from './op.js';
import { need } from './op.js';
import type { Data } from './tensor.js';
import { ELEM, allocData, allocUnset, scratch } from './tensor.js';

/** y = f(x) over a batch; with `want`, returns dy/dx per element (float32 only beside float32 arrays). */
export type GeluLoop = (xd: Data, yd: Data, want: boolean, kernels: MatmulKernels) => Data | undefined;

/** The erf form with the node's constants: float32 arrays take erf to float32 accuracy, one loop per array type. */
export function erfGeluLoop(k: GeluConstants): GeluLoop {
  return (xd, yd, want, kernels) => {
    if (xd instanceof Float32Array && yd instanceof Float32Array && kernels.gelu32 !== undefined) {
      const keep = want ? (allocData(ELEM.FLOAT, xd.length, 'float32', true) as Float32Array) : undefined;
      kernels.gelu32(xd, yd, keep, k);
      return keep;
    }
    const keep = want ? scratch(xd.length, true) : undefined;
    if (xd instanceof Float32Array && yd instanceof Float32Array) gelu32(xd, yd, keep, k);
    else if (xd instanceof Float64Array && yd instanceof Float64Array) gelu64(xd, yd, keep, k);
    else {
      const out = new Float64Array(yd.length);
      gelu64(Float64Array.from(xd), out, keep, k);
      yd.set(out);
    }
    return keep;
  };
}

export const tanhGeluLoop: GeluLoop = (xd, yd, want) => {
  const keep = want ? scratch(xd.length, true) : undefined;
  geluTanh(xd, yd, keep);
  return keep;
};

/** dy/dx when the forward ran without `grad` and kept nothing. */
function recompute(xd: Data, loop: GeluLoop, kernels: MatmulKernels): Data {
  const y = xd instanceof Float32Array ? new Float32Array(xd.length) : scratch(xd.length);
  return loop(xd, y, true, kernels)!;
}

/** The op running `loopOf(node)`'s loop. */
export function geluOpDef(loopOf: (node: NodeProto) => GeluLoop): OpDef {
  return {
    flow: 'elementwise',
    grads: [0],
    forward(ctx, inputs, grad) {
      const x = need(inputs, 0, 'X');
      const y = allocUnset(x.dims, x.type, ctx.precision);
      const keep = loopOf(ctx.node)(x.data, y.data, grad === true, ctx.kernels);
      return { outputs: [y], saved: keep };
    },
    backward({ ctx, inputs, dOut, saved }) {
      const g = dOut[0];
      if (g === undefined) return [undefined];
      const x = inputs[0]!;
      const dx = allocUnset(x.dims, x.type, ctx.precision);
      const keep = (saved as Data | undefined) ?? recompute(x.data, loopOf(ctx.node), ctx.kernels);
      const [gd, out] = [g.data, dx.data];
      const f32 = gd instanceof Float32Array && out instanceof Float32Array && keep instanceof Float32Array;
      if (f32 && ctx.kernels.mul32 !== undefined && gd.length === keep.length) ctx.kernels.mul32(gd, keep, out);
      else if (f32) geluBack32f(gd, keep, out);
      else if (gd instanceof Float32Array && out instanceof Float32Array && keep instanceof Float64Array) geluBack32(gd, keep, out);
      else if (gd instanceof Float64Array && out instanceof Float64Array && keep instanceof Float64Array) geluBack64(gd, keep, out);
      else for (let i = 0; i < gd.length; i++) out[i] = gd[i]! * keep[i]!;
      return [dx];
    },
  };
}
