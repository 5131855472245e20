import { describe, expect, it } from 'vitest';
import { createLogisticRegression } from './createLogisticRegression.js';
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
});
