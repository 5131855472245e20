// An asynchronous loader cannot probe a session synchronously while assembling: it probes
// the output it will most likely read first, with one zero row.
import type { GraphIndex } from '../graph.js';
import { importMlp } from '../importMlp.js';
import { DT } from '../proto.js';
import type { OnnxLoadOptions } from '../../types.js';

/** Which output an async loader should probe with one zero row (undefined: nothing to probe). */
export function chooseWidthProbe(g: GraphIndex, o: OnnxLoadOptions): { output: string; inputDim: number } | undefined {
  const floats = g.outputs.filter((v) => v.kind === 'tensor' && (v.elemType === DT.FLOAT || v.elemType === DT.DOUBLE));
  const chosen =
    o.outputName !== undefined ? floats.find((v) => v.name === o.outputName) : (floats.find((v) => /prob/i.test(v.name)) ?? floats[0]);
  if (chosen === undefined) return undefined;
  const declared = g.input.shape?.[1];
  let d = typeof declared === 'number' ? declared : o.inputDim;
  if (d === undefined) {
    const r = importMlp(g, chosen.name);
    if (r.ok) d = r.mlp.layers[0]!.inDim;
  }
  return d === undefined ? undefined : { output: chosen.name, inputDim: d };
}
