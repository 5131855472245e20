import { describe, expect, it } from 'vitest';
import { createLogisticRegression } from './createLogisticRegression.js';
import { formatModelJson } from './formatModelJson.js';
import { parseModelJson } from './parseModelJson.js';
import { toModelJson } from './toModelJson.js';

const performance = { split: 'test', rows: 200, accuracy: 0.68, baseRate: 0.715 };

describe('a model file records its held-out accuracy and base rate', () => {
  it('round-trips through the file and every copy of the model', () => {
    const text = formatModelJson({ ...toModelJson(createLogisticRegression(3, { seed: 1 })), performance });
    const m = parseModelJson(text);
    expect(m.performance).toEqual(performance);
    expect(toModelJson(m).performance).toEqual(performance);
    expect(formatModelJson(m)).toBe(text);
  });

  it('names the field of a bad block', () => {
    const bare = toModelJson(createLogisticRegression(2, { seed: 1 }));
    const cases: [unknown, RegExp][] = [
      [{ ...performance, accuracy: 1.5 }, /performance\.accuracy: expected a fraction in \[0, 1\], got 1\.5/],
      [{ ...performance, rows: 0 }, /performance\.rows: expected a positive integer/],
      [{ ...performance, extra: 1 }, /performance\.extra: unknown field/],
      ['0.7', /performance: expected an object/],
    ];
    for (const [p, re] of cases) expect(() => parseModelJson(JSON.stringify({ ...bare, performance: p }))).toThrow(re);
  });
});
