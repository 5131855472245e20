import { describe, expect, it } from 'vitest';
import { parseUserSchema } from './userSchema.js';
import { errorOf } from './__fixtures__/errorOf.js';

describe('parseUserSchema', () => {
  it('accepts the documented fields and normalises classes to strings', () => {
    expect(
      parseUserSchema(
        '{"format":"xai-data-schema@1","label":"y","features":[{"name":"a","kind":"continuous"},{"name":"c","kind":"categorical"}],"groups":[["a"]],"ignore":["id"],"classes":[0,1]}',
        's.json',
      ),
    ).toEqual({
      format: 'xai-data-schema@1',
      label: 'y',
      features: [
        { name: 'a', kind: 'continuous' },
        { name: 'c', kind: 'categorical' },
      ],
      groups: [['a']],
      ignore: ['id'],
      classes: ['0', '1'],
    });
  });

  it('names the file and the field of every fault', () => {
    const cases: [string, RegExp][] = [
      ['{"label":"y","feature":[]}', /s\.json: feature: unknown field/],
      ['{"features":[]}', /s\.json: label: expected the label column name/],
      [
        '{"label":"y","features":[{"name":"a","kind":"ordinal"}]}',
        /features\[0\]\.kind: expected one of continuous, discrete, categorical/,
      ],
      ['{"label":"y","features":[{"name":"y","kind":"continuous"}]}', /features\[0\]\.name: the label cannot be a feature/],
      ['{"label":"y","categorical":["a","a"]}', /categorical\[1\]: "a" is listed twice/],
      ['{"label":"y","task":"regression","classes":["a","b"]}', /classes: a regression task has no classes/],
      ['{"label":"y","classes":["a"]}', /classes: expected at least two/],
    ];
    for (const [text, re] of cases) {
      const e = errorOf(() => parseUserSchema(text, 's.json'));
      expect(e.code).toBe('BAD_INPUT');
      expect(e.message).toMatch(re);
    }
    expect(errorOf(() => parseUserSchema('{label', 's.json')).code).toBe('PARSE_ERROR');
  });
});
