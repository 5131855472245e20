import { describe, expect, it } from 'vitest';
import type { AttributionsFile } from './attributionsFile.js';
import type { EvaluateSide } from './matchAttributions.js';
import { matchAttributions } from './matchAttributions.js';

const ref = (file: string, c: string) => ({ file, sha256: c.repeat(64) });
const side: EvaluateSide = {
  model: ref('m.json', 'a'),
  source: ref('x.csv', 'b'),
  names: ['a', 'b', 'c'],
  ids: { kind: 'row', values: Int32Array.from([0, 1, 2]) },
  predicted: Int32Array.from([0, 1, 1]),
  classes: 2,
  allowForeign: false,
};
// Attribution of feature f for row r: 10 r + f (a, b, c = 1, 2, 3), so every placement shows.
const value = (r: number, f: string): number => 10 * r + ' abc'.indexOf(f);

function file(over: Partial<AttributionsFile> & { rowsOrder?: number[]; names?: string[] } = {}): AttributionsFile {
  const order = over.rowsOrder ?? [0, 1, 2];
  const names = over.names ?? ['a', 'b', 'c'];
  return {
    path: 'g.json',
    attributions: { rows: order.length, cols: names.length, data: Float64Array.from(order.flatMap((r) => names.map((f) => value(r, f)))) },
    features: names,
    ids: { kind: 'row', values: Int32Array.from(order) },
    explainedClass: Int32Array.from(order.map((r) => side.predicted[r]!)),
    provenance: { method: 'grad', preset: 'default', model: side.model, source: 'x.csv', sourceSha256: side.source.sha256 },
    ...over,
  };
}

const expected = Float64Array.from([0, 1, 2].flatMap((r) => ['a', 'b', 'c'].map((f) => value(r, f))));

describe('matchAttributions', () => {
  it('puts columns by name and rows by id, whatever order the file has', () => {
    expect(matchAttributions(file(), side).attributions.data).toEqual(expected);
    expect(matchAttributions(file({ names: ['c', 'a', 'b'] }), side).attributions.data).toEqual(expected);
    expect(matchAttributions(file({ rowsOrder: [2, 0, 1] }), side).attributions.data).toEqual(expected);
  });

  it('refuses another model, instances file or method, naming both sides; the flag makes it a warning', () => {
    expect(() => matchAttributions(file(), { ...side, model: ref('lr.json', 'c') })).toThrow(
      /made from the model m\.json \(sha256 aaaaaaaaaaaa…\), not --model lr\.json \(sha256 cccccccccccc…\)/,
    );
    expect(() => matchAttributions(file(), { ...side, source: ref('other.csv', 'd') })).toThrow(/the instances x\.csv .*not other\.csv/);
    expect(() => matchAttributions(file(), { ...side, method: 'lime' })).toThrow(/--method grad, not --method lime/);
    const r = matchAttributions(file(), { ...side, method: 'lime', allowForeign: true });
    expect(r.warnings.join()).toMatch(/--method grad, not --method lime/);
    expect(r.attributions.data).toEqual(expected);
  });

  it('a file made elsewhere needs the flag, then names', () => {
    const foreign = file({ provenance: null, noProvenance: 'it records no model' });
    expect(() => matchAttributions(foreign, side)).toThrow(/it records no model.*--allow-foreign-attributions/);
    expect(matchAttributions(foreign, { ...side, allowForeign: true }).attributions.data).toEqual(expected);
    expect(() => matchAttributions({ ...foreign, features: null }, { ...side, allowForeign: true })).toThrow(/names no features/);
  });

  it('refuses unknown or missing names, rows of other ids, a class the model lacks or does not predict', () => {
    expect(() => matchAttributions(file({ names: ['a', 'b', 'zz'] }), side)).toThrow(/unknown "zz"; missing "c"/);
    expect(() => matchAttributions(file({ ids: { kind: 'row', values: Int32Array.from([0, 1, 7]) } }), side)).toThrow(
      /rows 2 have no attributions; rows 7 are not in x\.csv/,
    );
    expect(() => matchAttributions(file({ ids: { kind: 'line', values: Int32Array.from([2, 3, 4]) } }), side)).toThrow(/by file line/);
    expect(() => matchAttributions(file({ explainedClass: Int32Array.from([0, 5, 1]) }), side)).toThrow(
      /explainedClass\[1\] \(row 1\) is 5, but the model has 2 classes/,
    );
    expect(() => matchAttributions(file({ explainedClass: Int32Array.from([1, 1, 1]) }), side)).toThrow(
      /explainedClass\[0\] \(row 0\) explains class 1, but the model predicts 0.*other rows, or they explain class 1 on every row: then pass --class 1$/,
    );
    // Classes that differ between rows: no one class to offer.
    const mixed = () => matchAttributions(file({ explainedClass: Int32Array.from([1, 0, 1]) }), side);
    expect(mixed).toThrow(/explains class 1, but the model predicts 0 for that row: .*belong to another model or other rows$/);
    const positional = file({ ids: null, provenance: null, noProvenance: 'x', rowsOrder: [0, 1] });
    expect(() => matchAttributions(positional, { ...side, allowForeign: true })).toThrow(/is 2x3, the instances are 3x3/);
  });
});
