// Unknown option keys are BAD_OPTION (with a did-you-mean) at every public function of
// the package that takes options: a misspelt option must never run with its default.
import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { checkPreprocessing } from './checkPreprocessing.js';
import { createAnn } from './createAnn.js';
import { createLogisticRegression } from './createLogisticRegression.js';
import { createMlp } from './createMlp.js';
import { functionModel } from './functionModel.js';
import { linearGroundTruth } from './linearGroundTruth.js';
import { lossGradients } from './lossGradients.js';
import { assertModelConformance, checkModelConformance } from './testing.js';
import { trainModel } from './trainModel.js';
import { errorOf, randomMatrix } from './__fixtures__/reference.js';

const x = randomMatrix(1, 4, 3);
const y = Int32Array.of(0, 1, 0, 1);
const lr = createLogisticRegression(3);
const ann = createAnn(3, { hidden: [4] });

const cases: [string, () => unknown, string, string | null][] = [
  ['createMlp', () => createMlp(3, { hiden: [4] } as never), 'hiden', 'hidden'],
  ['createAnn', () => createAnn(3, { sed: 1 } as never), 'sed', 'seed'],
  ['createLogisticRegression', () => createLogisticRegression(3, { clases: 2 } as never), 'clases', 'classes'],
  ['trainModel', () => trainModel(createLogisticRegression(3), { train: { x, y } }, { epocs: 5 } as never), 'epocs', 'epochs'],
  ['lossGradients', () => lossGradients(lr, x, y, { classWeight: [1, 1] } as never), 'classWeight', 'classWeights'],
  ['linearGroundTruth', () => linearGroundTruth(lr, x, { flipForClass: true } as never), 'flipForClass', 'flipForClass0'],
  [
    'functionModel',
    () => functionModel((m) => lr.predictProba(m), { inputDim: 3, classes: 2, tolerence: 1e-3 } as never),
    'tolerence',
    'tolerance',
  ],
  ['model.inputGradient', () => ann.inputGradient(x, y, { ouput: 'logit' } as never), 'ouput', 'output'],
  ['model.hidden', () => ann.hidden!(x, { activaton: 'pre' } as never), 'activaton', 'activation'],
  ['checkModelConformance', () => checkModelConformance(lr, x, { maxRow: 2 } as never), 'maxRow', 'maxRows'],
  ['assertModelConformance', () => assertModelConformance(lr, x, { gradientTol: 1 } as never), 'gradientTol', null],
  ['checkPreprocessing (context)', () => checkPreprocessing({}, { inputDim: 3, clases: 2 } as never), 'clases', 'classes'],
];

describe('unknown option keys', () => {
  for (const [fn, call, key, hint] of cases) {
    it(`${fn}({ ${key} }) → BAD_OPTION naming the key${hint === null ? '' : ` and suggesting '${hint}'`}`, () => {
      const e = errorOf(call);
      expect(isXaiError(e, 'BAD_OPTION')).toBe(true);
      expect(e.message).toContain(`unknown option '${key}'`);
      expect(e.message).toContain(fn.split(' ')[0]!.replace('model.', ''));
      if (hint !== null) expect(e.message).toContain(`did you mean '${hint}'`);
    });
  }
  it('a known key set to undefined means the default (JavaScript callers, forwarded optional values)', () => {
    const a = createMlp(3, { hidden: undefined, seed: undefined, activation: undefined } as never);
    expect(Array.from(a.parameters)).toEqual(Array.from(createMlp(3).parameters));
    const r = trainModel(createLogisticRegression(3), { train: { x, y } }, {
      epochs: 2,
      batchSize: undefined,
      validationFraction: 0,
    } as never);
    expect(r.settings.batchSize).toBe(32);
    const f = functionModel((m) => lr.predictProba(m), { inputDim: 3, classes: 2, tolerance: undefined } as never);
    expect(f.predictProba(x).rows).toBe(4);
    expect(checkModelConformance(lr, x, { maxRows: undefined } as never).ok).toBe(true);
  });

  it('known keys still run (the check is not a blanket refusal)', () => {
    expect(
      createMlp(3, { hidden: [2], classes: 2, seed: 1, activation: 'tanh', kind: 'mlp', output: 'probabilities', precision: 'float64' })
        .layers.length,
    ).toBe(2);
    expect(trainModel(createLogisticRegression(3), { train: { x, y } }, { epochs: 1, validationFraction: 0 }).epochsRun).toBe(1);
  });
});
