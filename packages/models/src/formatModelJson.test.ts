import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { createLogisticRegression } from './createLogisticRegression.js';
import { functionModel } from './functionModel.js';
import { errorOf } from './__fixtures__/reference.js';
import { formatModelJson } from './formatModelJson.js';
import { parseModelJson } from './parseModelJson.js';
import { toModelJson } from './toModelJson.js';

describe('formatModelJson', () => {
  it('preserves −0 weights and biases and stays byte-stable', () => {
    const model = createLogisticRegression(2, { seed: 3 });
    model.parameters.set([-0, 0.5, 0, -1.25, -0, 0]); // weight 2 x 2, then bias 2
    const text = formatModelJson(toModelJson(model));
    // JSON.stringify writes −0 as "0"; the file must carry the sign.
    expect(text).toMatch(/\[-0, 0\.5\]/);
    expect(text).toMatch(/"bias": \[-0, 0\]/);
    const back = parseModelJson(text);
    expect(Object.is(back.parameters[0], -0)).toBe(true);
    expect(Object.is(back.parameters[2], 0)).toBe(true);
    expect(Object.is(back.parameters[4], -0)).toBe(true);
    expect(Object.is(back.parameters[5], 0)).toBe(true);
    expect(formatModelJson(toModelJson(back))).toBe(text);
    // and the sign matters downstream: 1 / w differs
    expect(1 / back.layers[0]!.weight.data[0]!).toBe(-Infinity);
  });

  it('takes the model itself or its JSON, with the same text', () => {
    const model = createLogisticRegression(3, { seed: 1 });
    expect(formatModelJson(model)).toBe(formatModelJson(toModelJson(model)));
  });

  it('a non-model is a typed error naming formatModelJson and the field, never a raw TypeError', () => {
    const cases: [unknown, string, RegExp][] = [
      [undefined, 'BAD_INPUT', /formatModelJson: model: expected a model/],
      [null, 'BAD_INPUT', /formatModelJson: model: expected a model/],
      ['{"format":"xai-model@1"}', 'BAD_INPUT', /formatModelJson: model: expected a model/],
      [{}, 'BAD_INPUT', /formatModelJson: format: missing field 'format'/],
      [{ ...toModelJson(createLogisticRegression(2)), layers: 'x' }, 'BAD_INPUT', /formatModelJson: layers: expected an array of layers/],
      [
        {
          ...toModelJson(createLogisticRegression(2)),
          layers: [
            {
              weight: [
                [NaN, 1],
                [0, 0],
              ],
              bias: [0, 0],
              activation: 'none',
            },
          ],
        },
        'NON_FINITE',
        /layers\[0\]\.weight\[0\]\[0\]/,
      ],
      [
        { ...toModelJson(createLogisticRegression(2)), metadata: { n: 1n } },
        'BAD_INPUT',
        /formatModelJson: metadata: metadata must be plain JSON data/,
      ],
      [
        functionModel((m) => new Float64Array(m.rows * 2).fill(0.5), { inputDim: 2, classes: 2 }),
        'NOT_SUPPORTED',
        /formatModelJson: model: this model has no dense layers/,
      ],
    ];
    for (const [value, code, message] of cases) {
      const e = errorOf(() => formatModelJson(value as never));
      expect(isXaiError(e, code as 'BAD_INPUT')).toBe(true);
      expect(e.message).toMatch(message);
    }
  });
});
