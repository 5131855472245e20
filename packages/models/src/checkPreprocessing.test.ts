import { describe, expect, it } from 'vitest';
import type { Preprocessing, XaiError } from '@xai/core';
import { isXaiError } from '@xai/core';
import { checkPreprocessing } from './checkPreprocessing.js';
import { createMlp } from './createMlp.js';
import { formatModelJson } from './formatModelJson.js';
import { fromModelJson } from './fromModelJson.js';
import { parseModelJson } from './parseModelJson.js';
import { toModelJson } from './toModelJson.js';
import { withPreprocessing } from './withPreprocessing.js';
import { errorOf, randomMatrix } from './__fixtures__/reference.js';

/** d = 4: age, income, and a one-hot 'colour' (red, blue). */
function block(): Preprocessing {
  return {
    features: ['age', 'income', 'colour=red', 'colour=blue'],
    kinds: ['continuous', 'continuous', 'discrete', 'discrete'],
    groups: [[2, 3]],
    categorical: [{ column: 'colour', values: ['red', 'blue'] }],
    scaler: { kind: 'min-max', min: [18, -0, 0, 0], max: [90, 1e6, 1, 1] },
    label: { name: 'approved', classes: ['no', 'yes'] },
    task: 'classification',
  };
}

/** The XaiError `f` throws. */
function caught(f: () => unknown): XaiError {
  try {
    f();
  } catch (e) {
    if (isXaiError(e)) return e;
  }
  throw new Error('expected an XaiError');
}

// biome-ignore lint/suspicious/noExplicitAny: the cases mutate arbitrary JSON shapes
type Mutable = Record<string, any>;

describe('preprocessing block', () => {
  it('a model carries it through save → load, byte-stable, -0 kept; predictions unchanged', () => {
    const base = createMlp(4, { hidden: [3], seed: 1 });
    const model = withPreprocessing(base, block());
    expect(model.preprocessing).toEqual(block());
    expect(Array.from(model.parameters)).toEqual(Array.from(base.parameters));
    expect(model.parameters).not.toBe(base.parameters); // a copy: training one leaves the other alone
    const text = formatModelJson(model);
    const back = parseModelJson(text);
    expect(back.preprocessing).toEqual(block());
    expect(Object.is((back.preprocessing!.scaler as unknown as { min: number[] }).min[1], -0)).toBe(true);
    expect(formatModelJson(back)).toBe(text);
    const x = randomMatrix(2, 5, 4);
    expect(Array.from(back.predictProba(x).data)).toEqual(Array.from(base.predictProba(x).data));
    // key order in the input does not matter: the text is canonical
    const shuffled = JSON.parse(text) as Mutable;
    const p = shuffled.preprocessing as Mutable;
    shuffled.preprocessing = {
      task: p.task,
      scaler: p.scaler,
      label: p.label,
      kinds: p.kinds,
      features: p.features,
      categorical: p.categorical,
      groups: p.groups,
    };
    expect(formatModelJson(toModelJson(fromModelJson(shuffled)))).toBe(text);
    expect(withPreprocessing(model, null).preprocessing).toBeUndefined();
  });

  it('files without it load as before (no preprocessing property); minimal and standard-scaler blocks round-trip', () => {
    const plain = formatModelJson(createMlp(2, { seed: 0 }));
    expect(plain).not.toContain('preprocessing');
    expect('preprocessing' in parseModelJson(plain)).toBe(false);
    for (const p of [
      { features: ['a', 'b'], kinds: ['continuous', 'continuous'], scaler: { kind: 'none' } },
      {
        features: ['a', 'b'],
        kinds: ['discrete', 'continuous'],
        scaler: { kind: 'standard', mean: [0.5, -2], std: [0, 3.25] },
        label: { name: 'y' },
      },
    ] as Preprocessing[]) {
      const text = formatModelJson(withPreprocessing(createMlp(2, { seed: 0 }), p));
      expect(parseModelJson(text).preprocessing).toEqual(p);
      expect(formatModelJson(parseModelJson(text))).toBe(text);
    }
  });

  const cases: [string, (p: Mutable) => unknown, string, RegExp][] = [
    ['not an object', () => 'x', 'BAD_INPUT', /preprocessing/],
    [
      'missing scaler',
      (p) => {
        delete p.scaler;
        return p;
      },
      'BAD_INPUT',
      /preprocessing\.scaler: missing field/,
    ],
    ['unknown field', (p) => ({ ...p, scale: 1 }), 'BAD_INPUT', /preprocessing\.scale: unknown field/],
    [
      'features shorter than inputDim',
      (p) => ({ ...p, features: ['a', 'b', 'c'] }),
      'SHAPE_MISMATCH',
      /preprocessing\.features: expected 4 feature names/,
    ],
    ['duplicate feature', (p) => ({ ...p, features: ['a', 'a', 'b', 'c'] }), 'BAD_INPUT', /preprocessing\.features\[1\]: duplicate/],
    ['empty feature name', (p) => ({ ...p, features: ['', 'a', 'b', 'c'] }), 'BAD_INPUT', /preprocessing\.features\[0\]/],
    ['non-string feature', (p) => ({ ...p, features: ['a', 2, 'b', 'c'] }), 'BAD_INPUT', /preprocessing\.features\[1\]: expected a string/],
    ['kinds length', (p) => ({ ...p, kinds: ['continuous'] }), 'SHAPE_MISMATCH', /preprocessing\.kinds: expected 4/],
    [
      'unknown kind',
      (p) => {
        p.kinds[1] = 'ordinal';
        return p;
      },
      'NOT_SUPPORTED',
      /preprocessing\.kinds\[1\]: unknown feature kind "ordinal"/,
    ],
    [
      'scaler min too short',
      (p) => {
        p.scaler.min = [0, 0, 0];
        return p;
      },
      'SHAPE_MISMATCH',
      /preprocessing\.scaler\.min: expected 4 values/,
    ],
    [
      'scaler NaN',
      (p) => {
        p.scaler.max[1] = NaN;
        return p;
      },
      'NON_FINITE',
      /preprocessing\.scaler\.max\[1\]/,
    ],
    [
      'scaler string',
      (p) => {
        p.scaler.min[3] = '0';
        return p;
      },
      'BAD_INPUT',
      /preprocessing\.scaler\.min\[3\]: expected a number/,
    ],
    [
      'max below min',
      (p) => {
        p.scaler.max[0] = 10;
        return p;
      },
      'BAD_INPUT',
      /preprocessing\.scaler\.max\[0\]: max 10 is below min 18 \(age\)/,
    ],
    [
      'negative std',
      (p) => ({ ...p, scaler: { kind: 'standard', mean: [0, 0, 0, 0], std: [1, -1, 1, 1] } }),
      'BAD_INPUT',
      /preprocessing\.scaler\.std\[1\]/,
    ],
    [
      'standard scaler with min',
      (p) => ({ ...p, scaler: { kind: 'standard', mean: [0, 0, 0, 0], std: [1, 1, 1, 1], min: [] } }),
      'BAD_INPUT',
      /preprocessing\.scaler\.min: unknown field/,
    ],
    [
      'unknown scaler',
      (p) => ({ ...p, scaler: { kind: 'robust' } }),
      'NOT_SUPPORTED',
      /preprocessing\.scaler\.kind: unknown scaler "robust"/,
    ],
    [
      'group out of range',
      (p) => ({ ...p, groups: [[2, 4]] }),
      'BAD_INPUT',
      /preprocessing\.groups: group 0 names column 4, outside \[0, 4\)/,
    ],
    [
      'column in two groups',
      (p) => ({ ...p, groups: [[2, 3], [3]] }),
      'BAD_INPUT',
      /preprocessing\.groups: column 3 is in group 0 and group 1/,
    ],
    ['empty group', (p) => ({ ...p, groups: [[]] }), 'BAD_INPUT', /preprocessing\.groups: group 0 is empty/],
    [
      'a one-hot group of continuous columns',
      (p) => ({
        ...p,
        groups: [
          [2, 3],
          [0, 1],
        ],
      }),
      'BAD_INPUT',
      /preprocessing\.groups\[1\]: column 0 \(age\) is continuous: a one-hot group holds discrete/,
    ],
    [
      'the label among the features (a leak)',
      (p) => ({ ...p, label: { name: 'income', classes: ['no', 'yes'] } }),
      'BAD_INPUT',
      /preprocessing\.label\.name: the label "income" is also an input feature \(a label leak\)/,
    ],
    [
      'the label as a raw categorical column',
      (p) => ({ ...p, label: { name: 'colour' } }),
      'BAD_INPUT',
      /preprocessing\.label\.name: the label "colour" is also an input feature/,
    ],
    [
      'a categorical column whose one-hot columns are not in features',
      (p) => ({ ...p, categorical: [{ column: 'shape', values: ['round', 'square'] }] }),
      'BAD_INPUT',
      /preprocessing\.categorical\[0\]\.values\[0\]: its one-hot column "shape=round" is not in features/,
    ],
    [
      'a categorical value with no one-hot column',
      (p) => ({ ...p, categorical: [{ column: 'colour', values: ['red', 'blue', 'green'] }] }),
      'BAD_INPUT',
      /preprocessing\.categorical\[0\]\.values\[2\]: its one-hot column "colour=green" is not in features/,
    ],
    [
      'categorical values out of feature order',
      (p) => ({ ...p, categorical: [{ column: 'colour', values: ['blue', 'red'] }] }),
      'BAD_INPUT',
      /preprocessing\.categorical\[0\]\.values\[1\]: the one-hot columns of "colour" must follow each other in features in the order of its values/,
    ],
    [
      'categorical without values',
      (p) => ({ ...p, categorical: [{ column: 'colour' }] }),
      'BAD_INPUT',
      /preprocessing\.categorical\[0\]\.values: missing/,
    ],
    [
      'categorical twice',
      (p) => ({ ...p, categorical: [p.categorical[0], p.categorical[0]] }),
      'BAD_INPUT',
      /preprocessing\.categorical\[1\]\.column: column "colour" is encoded twice/,
    ],
    [
      'label classes ≠ model outputs',
      (p) => ({ ...p, label: { name: 'y', classes: ['a', 'b', 'c'] } }),
      'SHAPE_MISMATCH',
      /preprocessing\.label\.classes: expected 2 class names/,
    ],
    [
      'duplicate class',
      (p) => ({ ...p, label: { name: 'y', classes: ['a', 'a'] } }),
      'BAD_INPUT',
      /preprocessing\.label\.classes\[1\]: duplicate/,
    ],
    ['label without name', (p) => ({ ...p, label: { classes: ['a', 'b'] } }), 'BAD_INPUT', /preprocessing\.label\.name: missing/],
    ['unknown task', (p) => ({ ...p, task: 'ranking' }), 'NOT_SUPPORTED', /preprocessing\.task/],
    [
      'regression task on a classifier',
      (p) => {
        delete p.label;
        return { ...p, task: 'regression' };
      },
      'BAD_INPUT',
      /preprocessing\.task: task 'regression' needs a model with output 'value'/,
    ],
  ];
  for (const [name, mutate, code, message] of cases) {
    it(`a file whose block has ${name} → ${code} naming the field`, () => {
      const json = toModelJson(createMlp(4, { seed: 0 })) as Mutable;
      json.preprocessing = mutate(structuredClone(block()) as Mutable);
      const e = errorOf(() => fromModelJson(json));
      expect(isXaiError(e, code as 'BAD_INPUT')).toBe(true);
      expect(e.message).toMatch(/fromModelJson/);
      expect(e.message).toMatch(message);
      // the same check guards the writer and withPreprocessing, naming them
      expect(errorOf(() => formatModelJson(json as never)).message).toMatch(/formatModelJson/);
      expect(errorOf(() => withPreprocessing(createMlp(4, { seed: 0 }), json.preprocessing as never)).message).toMatch(/withPreprocessing/);
    });
  }

  it('a value (regression) model: task regression fits, class names do not', () => {
    const p = { features: ['a'], kinds: ['continuous'], scaler: { kind: 'none' }, label: { name: 'price' }, task: 'regression' };
    expect(checkPreprocessing(p, { inputDim: 1, classes: 1, output: 'value' }).task).toBe('regression');
    const e = errorOf(() =>
      checkPreprocessing({ ...p, label: { name: 'price', classes: ['lo', 'hi'] } }, { inputDim: 1, classes: 1, output: 'value' }),
    );
    expect(e.message).toMatch(/checkPreprocessing: preprocessing\.label\.classes: a regression label/);
    expect(
      errorOf(() => checkPreprocessing({ ...p, task: 'classification' }, { inputDim: 1, classes: 1, output: 'value' })).message,
    ).toMatch(/preprocessing\.task/);
  });

  it('a missing or bad context is a typed error naming the context, not "expected undefined feature names"', () => {
    const p = { features: ['a'], kinds: ['continuous'], scaler: { kind: 'none' } };
    for (const [context, arg] of [
      [{}, 'context.inputDim'],
      [{ inputDim: 0 }, 'context.inputDim'],
      [{ inputDim: '1' }, 'context.inputDim'],
      [{ inputDim: 1, classes: 1.5 }, 'context.classes'],
      [undefined, 'context'],
    ] as const) {
      const e = errorOf(() => checkPreprocessing(p, context as never));
      expect(isXaiError(e, 'BAD_INPUT')).toBe(true);
      expect((e as XaiError).details.arg).toBe(arg);
      expect(e.message).not.toMatch(/undefined feature names/);
    }
    expect(checkPreprocessing(p, { inputDim: 1 }).features).toEqual(['a']);
  });

  it('checkPreprocessing returns a canonical copy without absent optional fields', () => {
    const p = checkPreprocessing({ scaler: { kind: 'none' }, kinds: ['discrete'], features: ['z'] }, { inputDim: 1 });
    expect(Object.keys(p)).toEqual(['features', 'kinds', 'scaler']);
  });

  it('ignored raw columns round-trip through the file; a column the model reads cannot be ignored', () => {
    const m = withPreprocessing(createMlp(4, { hidden: [3], seed: 1 }), { ...block(), ignore: ['id', 'notes'] });
    const text = formatModelJson(toModelJson(m));
    expect(text).toContain('"ignore": ["id", "notes"]');
    expect(parseModelJson(text).preprocessing?.ignore).toEqual(['id', 'notes']);
    for (const name of ['age', 'colour', 'approved']) {
      const e = caught(() => checkPreprocessing({ ...block(), ignore: ['id', name] }, { inputDim: 4, classes: 2 }));
      expect(e.code).toBe('BAD_INPUT');
      expect(e.details.arg).toBe('preprocessing.ignore[1]');
    }
    expect(caught(() => checkPreprocessing({ ...block(), ignore: ['id', 'id'] }, { inputDim: 4, classes: 2 })).details.arg).toBe(
      'preprocessing.ignore[1]',
    );
  });
});
