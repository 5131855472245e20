import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { createMlp } from './createMlp.js';
import { formatModelJson } from './formatModelJson.js';
import { fromModelJson } from './fromModelJson.js';
import { loadModel, loadModelSync, parseModelJson } from './node.js';
import { saveModel, saveModelSync } from './node.js';
import { toModelJson } from './toModelJson.js';
import { errorOf, randomMatrix } from './__fixtures__/reference.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-models-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small valid model file as another tool might write it (compact, PyTorch layout). */
function valid(): Record<string, unknown> {
  return {
    format: 'xai-model@1',
    kind: 'ann',
    inputDim: 2,
    classes: 2,
    layers: [
      {
        weight: [
          [1, -1],
          [0.5, 2],
          [0, 1],
        ],
        bias: [0, 0.1, -0.2],
        activation: 'relu',
      },
      {
        weight: [
          [1, 0, -1],
          [-1, 1, 0.25],
        ],
        bias: [0.3, -0.3],
        activation: 'none',
      },
    ],
    output: 'softmax',
  };
}

describe('model JSON', () => {
  it('save → load gives identical predictions bit for bit (async and sync)', async () => {
    const model = createAnn(5, { hidden: [7, 4], seed: 8 });
    const x = randomMatrix(3, 20, 5);
    const path = join(dir, 'ann.json');
    await saveModel(path, model);
    const back = await loadModel(path);
    expect(Array.from(back.predictProba(x).data)).toEqual(Array.from(model.predictProba(x).data));
    expect(Array.from(back.parameters)).toEqual(Array.from(model.parameters));
    expect(back.kind).toBe('ann');
    saveModelSync(path, createLogisticRegression(5, { seed: 1 }));
    const lr = loadModelSync(path);
    expect(lr.kind).toBe('lr');
    expect(Array.from(lr.predictProba(x).data)).toEqual(Array.from(createLogisticRegression(5, { seed: 1 }).predictProba(x).data));
  });

  it('load → save is byte-stable, metadata included', () => {
    const json = {
      ...toModelJson(createMlp(3, { hidden: [4], seed: 2 })),
      metadata: { dataset: 'toy', accuracy: { test: 0.9 }, note: 'ünïcode' },
    };
    const text = formatModelJson(json);
    const path = join(dir, 'mlp.json');
    writeFileSync(path, text);
    const model = loadModelSync(path);
    expect(model.metadata).toEqual(json.metadata);
    saveModelSync(path, model);
    expect(readFileSync(path, 'utf8')).toBe(text);
    // a compact file from another tool becomes canonical once, then stays fixed
    const once = formatModelJson(toModelJson(parseModelJson(JSON.stringify(valid()))));
    expect(formatModelJson(toModelJson(parseModelJson(once)))).toBe(once);
    expect(JSON.parse(once)).toEqual(valid());
  });

  it('tanh and sigmoid layers: hand-worked forward pass, round trip byte-stable, older relu files unchanged', () => {
    for (const activation of ['tanh', 'sigmoid'] as const) {
      const j = valid();
      (j.layers as { activation: string }[])[0]!.activation = activation;
      const model = fromModelJson(j);
      expect(model.layers[0]!.activation).toBe(activation);
      // x = (1, 2): pre-activation [-1, 4.6, 1.8]
      const act = (v: number): number => (activation === 'tanh' ? Math.tanh(v) : 1 / (1 + Math.exp(-v)));
      const h = [act(-1), act(4.6), act(1.8)];
      const z = model.logits({ rows: 1, cols: 2, data: Float64Array.of(1, 2) });
      expect(z.data[0]).toBeCloseTo(h[0]! - h[2]! + 0.3, 14);
      expect(z.data[1]).toBeCloseTo(-h[0]! + h[1]! + 0.25 * h[2]! - 0.3, 14);
      const text = formatModelJson(toModelJson(model));
      expect(text).toContain(`"activation": "${activation}"`);
      expect(formatModelJson(toModelJson(parseModelJson(text)))).toBe(text);
    }
    expect(fromModelJson(valid()).layers[0]!.activation).toBe('relu');
  });

  it('computes what the file says (hand-worked forward pass)', () => {
    const model = fromModelJson(valid());
    // x = (1, 2): hidden = relu([1-2, 0.5+4+0.1, 2-0.2]) = [0, 4.6, 1.8]
    // logits = [0 - 1.8 + 0.3, 4.6 + 0.45 - 0.3] = [-1.5, 4.75]
    const z = model.logits({ rows: 1, cols: 2, data: Float64Array.of(1, 2) });
    expect(z.data[0]).toBeCloseTo(-1.5, 14);
    expect(z.data[1]).toBeCloseTo(4.75, 14);
    const h = model.hidden!({ rows: 1, cols: 2, data: Float64Array.of(1, 2) }, { activation: 'pre' });
    expect(Array.from(h.data).map((v) => +v.toFixed(12))).toEqual([-1, 4.6, 1.8]);
  });

  it('keeps its own copy of the metadata', () => {
    const meta = { a: [1] };
    const model = fromModelJson({ ...valid(), metadata: meta });
    meta.a.push(2);
    expect(model.metadata).toEqual({ a: [1] });
  });

  // biome-ignore lint/suspicious/noExplicitAny: the cases mutate arbitrary JSON shapes
  const cases: [string, (j: Record<string, any>) => unknown, string, RegExp][] = [
    ['not an object', () => [1, 2], 'BAD_INPUT', /model object/],
    [
      'missing layers',
      (j) => {
        delete j.layers;
        return j;
      },
      'BAD_INPUT',
      /missing field 'layers'/,
    ],
    [
      'missing format',
      (j) => {
        delete j.format;
        return j;
      },
      'BAD_INPUT',
      /missing field 'format'/,
    ],
    [
      'missing bias',
      (j) => {
        delete j.layers[1].bias;
        return j;
      },
      'BAD_INPUT',
      /layers\[1\]\.bias.*missing field/,
    ],
    ['unknown top-level field', (j) => ({ ...j, extra: 1 }), 'BAD_INPUT', /unknown field 'extra'/],
    [
      'unknown layer field',
      (j) => {
        j.layers[0].dropout = 0.5;
        return j;
      },
      'BAD_INPUT',
      /unknown field 'dropout'/,
    ],
    ['other format', (j) => ({ ...j, format: 'xai-model@2' }), 'NOT_SUPPORTED', /unsupported format/],
    ['format not a string', (j) => ({ ...j, format: 1 }), 'BAD_INPUT', /format/],
    ['unknown kind', (j) => ({ ...j, kind: 'svm' }), 'NOT_SUPPORTED', /unknown kind/],
    [
      'unknown activation',
      (j) => {
        j.layers[0].activation = 'gelu';
        return j;
      },
      'NOT_SUPPORTED',
      /layers\[0\]\.activation.*unknown activation "gelu"/,
    ],
    ['other output', (j) => ({ ...j, output: 'sigmoid' }), 'NOT_SUPPORTED', /unsupported output/],
    ['inputDim not an integer', (j) => ({ ...j, inputDim: 2.5 }), 'BAD_INPUT', /inputDim/],
    ['one class', (j) => ({ ...j, classes: 1 }), 'BAD_INPUT', /classes/],
    ['no layers', (j) => ({ ...j, layers: [] }), 'EMPTY', /at least one layer/],
    ['layers not an array', (j) => ({ ...j, layers: {} }), 'BAD_INPUT', /layers/],
    ['first layer width ≠ inputDim', (j) => ({ ...j, inputDim: 3 }), 'SHAPE_MISMATCH', /layers\[0\]\.weight.*inputDim/],
    [
      'layers do not chain',
      (j) => {
        j.layers[1].weight = [
          [1, 0],
          [0, 1],
        ];
        return j;
      },
      'SHAPE_MISMATCH',
      /layers\[1\]\.weight/,
    ],
    [
      'ragged weight row',
      (j) => {
        j.layers[0].weight[2] = [1];
        return j;
      },
      'SHAPE_MISMATCH',
      /layers\[0\]\.weight\[2\]/,
    ],
    [
      'bias length',
      (j) => {
        j.layers[0].bias = [0, 0];
        return j;
      },
      'SHAPE_MISMATCH',
      /layers\[0\]\.bias/,
    ],
    ['last layer ≠ classes', (j) => ({ ...j, classes: 3 }), 'SHAPE_MISMATCH', /classes is 3/],
    [
      'NaN weight',
      (j) => {
        j.layers[1].weight[1][2] = NaN;
        return j;
      },
      'NON_FINITE',
      /layers\[1\]\.weight\[1\]\[2\]/,
    ],
    [
      'infinite bias',
      (j) => {
        j.layers[0].bias[1] = Infinity;
        return j;
      },
      'NON_FINITE',
      /layers\[0\]\.bias\[1\]/,
    ],
    [
      'string weight',
      (j) => {
        j.layers[0].weight[0][0] = '1';
        return j;
      },
      'BAD_INPUT',
      /expected a number/,
    ],
    [
      'weight not an array',
      (j) => {
        j.layers[0].weight = 'w';
        return j;
      },
      'BAD_INPUT',
      /out x in/,
    ],
    [
      'empty weight',
      (j) => {
        j.layers[0].weight = [];
        return j;
      },
      'SHAPE_MISMATCH',
      /at least one row/,
    ],
    ['lr with two layers', (j) => ({ ...j, kind: 'lr' }), 'BAD_INPUT', /exactly one layer/],
    [
      'lr with relu',
      (j) => ({
        ...j,
        kind: 'lr',
        layers: [
          {
            weight: [
              [1, 2],
              [3, 4],
            ],
            bias: [0, 0],
            activation: 'relu',
          },
        ],
      }),
      'BAD_INPUT',
      /no activation/,
    ],
    [
      'ann without hidden layer',
      (j) => ({
        ...j,
        layers: [
          {
            weight: [
              [1, 2],
              [3, 4],
            ],
            bias: [0, 0],
            activation: 'none',
          },
        ],
      }),
      'BAD_INPUT',
      /hidden layer/,
    ],
    [
      'relu on the output layer',
      (j) => {
        j.layers[1].activation = 'relu';
        return j;
      },
      'NOT_SUPPORTED',
      /layers\[1\]\.activation.*output layer must have activation 'none'.*"relu"/,
    ],
    ['metadata not an object', (j) => ({ ...j, metadata: [1] }), 'BAD_INPUT', /metadata/],
    [
      'layer not an object',
      (j) => {
        j.layers[0] = 3;
        return j;
      },
      'BAD_INPUT',
      /layers\[0\]/,
    ],
  ];
  for (const [name, mutate, code, message] of cases) {
    it(`rejects ${name} with ${code}`, () => {
      const e = errorOf(() => fromModelJson(mutate(valid())));
      expect(e.code).toBe(code);
      expect(e.message).toMatch(message);
      expect(e.message).toMatch(/fromModelJson/);
    });
  }

  it('loadModel: NOT_FOUND for a missing file, PARSE_ERROR for invalid JSON', async () => {
    await expect(loadModel(join(dir, 'nope.json'))).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(errorOf(() => loadModelSync(join(dir, 'nope.json'))).code).toBe('NOT_FOUND');
    const path = join(dir, 'broken.json');
    writeFileSync(path, '{"format": "xai-model@1",');
    expect(errorOf(() => loadModelSync(path)).code).toBe('PARSE_ERROR');
    expect(errorOf(() => loadModelSync(dir)).code).toBe('IO_ERROR'); // a directory: unreadable, not missing
    const fromFile = errorOf(() => loadModelSync(path));
    expect(fromFile.message).toMatch(/^\[PARSE_ERROR\] loadModelSync: path: /);
    expect(fromFile.message).toContain(path);
  });

  it('parseModelJson names itself (not loadModel) in its errors', () => {
    const e = errorOf(() => parseModelJson('{"format": '));
    expect(e.code).toBe('PARSE_ERROR');
    expect(e.message).toMatch(/^\[PARSE_ERROR\] parseModelJson: text: /);
    expect(e.message).not.toMatch(/loadModel/);
    const notText = errorOf(() => parseModelJson(undefined as unknown as string));
    expect(notText.code).toBe('BAD_INPUT');
    expect(notText.message).toMatch(/parseModelJson/);
  });

  it('toModelJson rejects non-models', () => {
    expect(errorOf(() => toModelJson({} as never)).code).toBe('BAD_INPUT');
  });
});
