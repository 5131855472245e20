// Which graph output a Model reads: the one named by the options, else one named like
// probabilities, else the first float tensor.
import { XaiError } from '@xai/core';
import type { GraphIndex } from '../graph.js';
import type { AssembleOptions } from '../loadOptions.js';
import { DT, elemTypeName } from '../proto.js';

export function chooseOutput(g: GraphIndex, o: AssembleOptions): { info: (typeof g.outputs)[number]; rule: string } {
  const { file, outputs } = g;
  if (o.outputName !== undefined) {
    const info = outputs.find((v) => v.name === o.outputName);
    if (info === undefined)
      throw new XaiError('NOT_FOUND', `${file} has no output named '${o.outputName}' (outputs: ${outputs.map((v) => v.name).join(', ')})`, {
        fn: o.fn,
        arg: 'outputName',
        file,
        value: o.outputName,
      });
    return { info, rule: `outputName option '${o.outputName}'` };
  }
  const floats = outputs.filter((v) => v.kind === 'tensor' && (v.elemType === DT.FLOAT || v.elemType === DT.DOUBLE));
  const prob = floats.find((v) => /prob/i.test(v.name));
  if (prob !== undefined) return { info: prob, rule: `float tensor output named like probabilities ('${prob.name}')` };
  const zip = outputs.find((v) => v.kind !== 'tensor' && /prob/i.test(v.name));
  if (zip !== undefined)
    return {
      info: zip,
      rule: `sklearn-onnx ZipMap output '${zip.name}' (seq(map)); export with options={'zipmap': False} to get a tensor`,
    };
  const first = floats[0];
  if (first === undefined) {
    throw new XaiError(
      'NOT_SUPPORTED',
      `${file} has no float tensor output (outputs: ${outputs.map((v) => `${v.name}: ${v.kind === 'tensor' ? elemTypeName(v.elemType) : v.kind}`).join(', ')})`,
      { fn: o.fn, arg: 'pathOrBytes', file },
    );
  }
  return {
    info: first,
    rule:
      floats.length === 1
        ? `the only float tensor output '${first.name}'`
        : `the first float tensor output '${first.name}' of ${floats.length}`,
  };
}
