// An unimportable graph names the node (index, name, op type) and why: in inspectOnnx, in the
// finite-difference fallback's reason, and in the error when exact gradients are demanded.
import type onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import { inspectOnnx } from '../../inspectOnnx.js';
import { loadOnnxModel } from '../../loadOnnxModel.js';
import { DT, encodeModel } from '../proto.js';

type Node = onnxProto.onnx.INodeProto;
type Tensor = onnxProto.onnx.ITensorProto;
const D = 3;
const tensor = (name: string, dims: number[], values: number[]): Tensor => ({ name, dims, dataType: DT.FLOAT, floatData: values });
const info = (name: string, cols: number): onnxProto.onnx.IValueInfoProto => ({
  name,
  type: { tensorType: { elemType: DT.FLOAT, shape: { dim: [{ dimParam: 'n' }, { dimValue: cols }] } } },
});
const str = (name: string, s: string): onnxProto.onnx.IAttributeProto => ({ name, type: 3, s: new TextEncoder().encode(s) });
const floats = (name: string, f: number[]): onnxProto.onnx.IAttributeProto => ({ name, type: 6, floats: f });
const ints = (name: string, i: number[]): onnxProto.onnx.IAttributeProto => ({ name, type: 7, ints: i });
const W = tensor('W', [2, D], [0.5, -1, 0.25, 1.5, 0.75, -0.5]);
const B = tensor('B', [2], [0.1, -0.2]);

function graph(nodes: Node[], inits: Tensor[], out: string, k: number): Uint8Array {
  return encodeModel({
    irVersion: 8,
    opsetImport: [
      { domain: '', version: 13 },
      { domain: 'ai.onnx.ml', version: 1 },
    ],
    graph: { name: 'g', node: nodes, initializer: inits, input: [info('x', D)], output: [info(out, k)] },
  });
}
const gemm = (input: string, output: string): Node => ({
  opType: 'Gemm',
  name: 'dense',
  input: [input, 'W', 'B'],
  output: [output],
  attribute: [{ name: 'transB', type: 2, i: 1 }],
});
const softmax = (input: string): Node => ({ opType: 'Softmax', name: 'head', input: [input], output: ['probabilities'] });

/** sklearn-onnx's LinearClassifier with `rows` rows, then a Normalizer of the given norm. */
function linearThenNormalizer(post: string, rows: number, norm: string): Uint8Array {
  const coef = Array.from({ length: rows * D }, (_, i) => Math.sin(i + 1));
  return graph(
    [
      {
        opType: 'LinearClassifier',
        name: 'LinearClassifier',
        domain: 'ai.onnx.ml',
        input: ['x'],
        output: ['label', 'probability_tensor'],
        attribute: [
          floats('coefficients', coef),
          floats(
            'intercepts',
            Array.from({ length: rows }, (_, i) => 0.1 * i),
          ),
          ints(
            'classlabels_ints',
            Array.from({ length: rows }, (_, i) => i),
          ),
          str('post_transform', post),
        ],
      },
      {
        opType: 'Normalizer',
        name: 'Normalizer',
        domain: 'ai.onnx.ml',
        input: ['probability_tensor'],
        output: ['probabilities'],
        attribute: [str('norm', norm)],
      },
    ],
    [],
    'probabilities',
    rows,
  );
}

const reason = (bytes: Uint8Array): string => inspectOnnx(bytes).mlp.probabilities!;

describe('readChain: a refusal names the node and why', () => {
  it('a constant divided by the input: the Div node, in inspectOnnx and in the discovery (the interpreter differentiates it)', () => {
    const bytes = graph(
      [{ opType: 'Div', name: 'invert', input: ['C', 'x'], output: ['u'] }, gemm('u', 'z'), softmax('z')],
      [W, B, tensor('C', [D], [1, 2, 3])],
      'probabilities',
      2,
    );
    const why = "node 0 'invert' (Div): divides a constant by the tensor (c / x is not affine)";
    expect(reason(bytes)).toBe(`not an MLP: ${why}`);
    const m = loadOnnxModel(bytes, { name: 'invert.onnx', gradients: 'exact' });
    expect(m.gradientSource).toBe('autodiff');
    expect(m.discovered.notMlpBecause).toBe(why);
    expect(m.discovered.mlp).toBeNull();
    expect(m.mlp).toBeUndefined();
    m.dispose();
  });

  it('a product of two computed tensors, an op the importer does not read, a batch-wide constant', () => {
    expect(
      reason(
        graph(
          [{ opType: 'Mul', name: 'square', input: ['x', 'x'], output: ['u'] }, gemm('u', 'z'), softmax('z')],
          [W, B],
          'probabilities',
          2,
        ),
      ),
    ).toContain("node 0 'square' (Mul): both operands are computed tensors");
    const abs = reason(
      graph([{ opType: 'Abs', name: 'abs', input: ['x'], output: ['u'] }, gemm('u', 'z'), softmax('z')], [W, B], 'probabilities', 2),
    );
    expect(abs).toContain("node 0 'abs' (Abs): Abs is not an op the MLP importer reads (Gemm, MatMul, LinearClassifier");
    const wide = reason(
      graph(
        [{ opType: 'Mul', name: 'rows', input: ['x', 'M'], output: ['u'] }, gemm('u', 'z'), softmax('z')],
        [W, B, tensor('M', [2, D], [1, 1, 1, 2, 2, 2])],
        'probabilities',
        2,
      ),
    );
    expect(wide).toContain("node 0 'rows' (Mul): its constant has shape [2, 3], which broadcasts over the batch");
  });

  it('one-vs-rest logistic scores and a MAX normaliser are named with the node that makes them', () => {
    expect(reason(linearThenNormalizer('LOGISTIC', 3, 'L1'))).toContain(
      "node 0 'LinearClassifier' (LinearClassifier): LOGISTIC over 3 independent rows gives one-vs-rest scores",
    );
    expect(reason(linearThenNormalizer('SOFTMAX', 3, 'MAX'))).toContain("node 1 'Normalizer' (Normalizer): norm MAX rescales the scores");
    expect(reason(linearThenNormalizer('NONE', 3, 'L1'))).toContain(
      "node 1 'Normalizer' (Normalizer): divides raw scores by their L1 norm",
    );
    expect(reason(linearThenNormalizer('SOFTMAX', 3, 'L1'))).toBe('LinearClassifier(SOFTMAX) → Normalizer(L1)');
  });

  it('sigmoids of independent rows divided by their L1 norm (one-vs-rest) are named at the Div', () => {
    const bytes = graph(
      [
        gemm('x', 'z'),
        { opType: 'Sigmoid', name: 'sig', input: ['z'], output: ['s'] },
        { opType: 'Abs', name: 'abs', input: ['s'], output: ['a'] },
        { opType: 'ReduceSum', name: 'sum', input: ['a', 'axis'], output: ['n'], attribute: [{ name: 'keepdims', type: 2, i: 1 }] },
        { opType: 'Div', name: 'l1', input: ['s', 'n'], output: ['probabilities'] },
      ],
      [W, B, { name: 'axis', dims: [1], dataType: DT.INT64, int64Data: [1] }],
      'probabilities',
      2,
    );
    expect(reason(bytes)).toContain("node 4 'l1' (Div): normalises 2 independent sigmoids (one-vs-rest), which is not a softmax");
  });

  it('a Concat that is not [1 − p, p], and an activation on the output layer', () => {
    const pair = graph(
      [
        gemm('x', 'z'),
        { opType: 'Sigmoid', name: 'sig', input: ['z'], output: ['p'] },
        { opType: 'Concat', name: 'join', input: ['z', 'p'], output: ['probabilities'], attribute: [{ name: 'axis', type: 2, i: 1 }] },
      ],
      [W, B],
      'probabilities',
      4,
    );
    expect(reason(pair)).toContain("node 2 'join' (Concat): joins 'z' and 'p', which are not a column p and Sub(1, p)");
    const relu = graph(
      [gemm('x', 'z'), { opType: 'Relu', name: 'out', input: ['z'], output: ['probabilities'] }],
      [W, B],
      'probabilities',
      2,
    );
    expect(reason(relu)).toContain("node 1 'out' (Relu): is applied to the output layer");
  });

  it('a Reshape to a shape read from the tensor itself, beyond its batch size, is refused', () => {
    const bytes = graph(
      [
        { opType: 'Shape', name: 'shape', input: ['x'], output: ['s'] },
        { opType: 'Reshape', name: 'reshape', input: ['x', 's'], output: ['u'] },
        gemm('u', 'z'),
        softmax('z'),
      ],
      [W, B],
      'probabilities',
      2,
    );
    expect(reason(bytes)).toContain("node 1 'reshape' (Reshape): its target shape is computed at run time from more than the batch size");
  });

  it('an affine map whose width is not the next layer’s input width', () => {
    const bytes = graph(
      [{ opType: 'Sub', name: 'centre', input: ['x', 'C'], output: ['u'] }, gemm('u', 'z'), softmax('z')],
      [W, B, tensor('C', [2], [1, 2])],
      'probabilities',
      2,
    );
    expect(reason(bytes)).toContain("node 1 'dense' (Gemm): follows an affine map of 2 features where the chain carries 3");
  });
});
