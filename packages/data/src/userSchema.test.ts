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

  it('takes the label from the label option when the schema leaves it out, and checks it as its own', () => {
    expect(parseUserSchema('{"categorical":["city"]}', 's.json', { label: 'y' })).toEqual({ label: 'y', categorical: ['city'] });
    // the schema's own label is kept (the caller checks that the two agree)
    expect(parseUserSchema('{"label":"z"}', 's.json', { label: 'y' }).label).toBe('z');
    const clash = errorOf(() => parseUserSchema('{"features":[{"name":"y","kind":"continuous"}]}', 's.json', { label: 'y' }));
    expect(clash.message).toMatch(/features\[0\]\.name: the label cannot be a feature/);
    expect(errorOf(() => parseUserSchema('{}', 's.json')).message).toMatch(
      /label: expected the label column name \(or give it as the label option/,
    );
    expect(errorOf(() => parseUserSchema('{}', 's.json', { lable: 'y' } as never)).code).toBe('BAD_OPTION');
  });
});
