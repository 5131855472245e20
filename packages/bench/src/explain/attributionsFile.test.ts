import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ATTRIBUTIONS_FORMAT, metaPathOf, readAttributions, writeAttributions } from './attributionsFile.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-attr-'));
const attributions = { rows: 2, cols: 2, data: Float64Array.from([0.5, -1, 2, 0.25]) };
const model = { file: 'm.json', sha256: 'a'.repeat(64) };
const made = {
  method: 'grad',
  preset: 'default',
  model,
  features: ['a', 'b'],
  source: 'x.csv',
  sourceSha256: 'b'.repeat(64),
  rows: [3, 1],
  explainedClass: [1, 0],
  attributions,
};

describe('attributions files', () => {
  it('JSON records the model, the instances, names, row ids and classes, and reads back with its provenance', () => {
    const p = join(dir, 'a.json');
    expect(writeAttributions(p, made)).toEqual([p]);
    const j = JSON.parse(readFileSync(p, 'utf8'));
    expect(j).toMatchObject({
      format: ATTRIBUTIONS_FORMAT,
      model,
      rows: [3, 1],
      attributions: [
        [0.5, -1],
        [2, 0.25],
      ],
    });
    const r = readAttributions(p);
    expect(r.attributions).toEqual(attributions);
    expect(r.features).toEqual(['a', 'b']);
    expect(r.ids).toEqual({ kind: 'row', values: Int32Array.from([3, 1]) });
    expect([...r.explainedClass!]).toEqual([1, 0]);
    expect(r.provenance?.model).toEqual(model);
    // A BOM (some editors add one) changes nothing.
    writeFileSync(join(dir, 'bom.json'), `\uFEFF${readFileSync(p, 'utf8')}`);
    expect(readAttributions(join(dir, 'bom.json')).provenance?.model).toEqual(model);
  });

  it('a JSON edited after writing (names swapped over the same values) loses its provenance', () => {
    const p = join(dir, 'a.json');
    writeAttributions(p, made);
    const j = JSON.parse(readFileSync(p, 'utf8'));
    writeFileSync(join(dir, 'edited.json'), JSON.stringify({ ...j, features: ['b', 'a'] }));
    const r = readAttributions(join(dir, 'edited.json'));
    expect(r.provenance).toBeNull();
    expect(r.noProvenance).toMatch(/changed after xai explain wrote it/);
  });

  it('CSV: id and class columns, features by name, provenance in a sidecar holding the CSV hash', () => {
    const p = join(dir, 'a.csv');
    expect(writeAttributions(p, made)).toEqual([p, metaPathOf(p)]);
    const text = readFileSync(p, 'utf8');
    expect(text).toBe('row,explained_class,a,b\n3,1,0.5,-1\n1,0,2,0.25\n');
    const meta = JSON.parse(readFileSync(metaPathOf(p), 'utf8'));
    expect(meta.csv.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    expect(meta.attributions).toBeUndefined();
    const r = readAttributions(p);
    expect(r.attributions).toEqual(attributions);
    expect(r.ids?.values).toEqual(Int32Array.from([3, 1]));
    expect(r.provenance?.method).toBe('grad');
    // A feature named like an id column stays a feature when the model has it.
    writeFileSync(join(dir, 'row.csv'), 'row,b\n1,2\n');
    expect(readAttributions(join(dir, 'row.csv'), ['row', 'b']).features).toEqual(['row', 'b']);
    expect(readAttributions(join(dir, 'row.csv'), ['b']).features).toEqual(['b']);
    // Edited: the sidecar no longer describes it.
    writeFileSync(p, text.replace('0.25', '0.5'));
    expect(readAttributions(p).noProvenance).toMatch(/changed after xai explain wrote it/);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });

  it('names the file and the field on every failure', () => {
    const cases: [string, RegExp][] = [
      ['{"attributions": [[1, "x"]]}', /BAD_INPUT.*bad\.json: attributions\[0\]\[1\]/],
      ['{"attr', /PARSE_ERROR.*bad\.json, line 1, column 2: a string is not closed/],
      ['{"attributions": [[1]], "attributions": [[2]]}', /PARSE_ERROR.*duplicate key "attributions"/],
      ['{"attributions": [[1]], "rows": [0, 0]}', /"rows" has 2 entries for 1 rows/],
      ['{"attributions": [[1], [2]], "rows": [0, 0]}', /rows\[1\] repeats 0 \(also rows\[0\]\)/],
      ['{"attributions": [[1], [2]], "explainedClass": [0, -1]}', /explainedClass\[1\] is -1/],
      ['{"attributions": [[1, 2]], "features": ["a", "a"]}', /"features" names "a" twice/],
      ['{"attributions": [[1]], "explained_class": [0]}', /unknown field "explained_class"/],
      ['{"attributions": [[1]], "model": "m.json"}', /"model" is not \{"file"/],
    ];
    for (const [text, re] of cases) {
      writeFileSync(join(dir, 'bad.json'), text);
      expect(() => readAttributions(join(dir, 'bad.json')), text).toThrow(re);
    }
    expect(() => readAttributions(join(dir, 'none.json'))).toThrow(/NOT_FOUND.*none\.json/);
    writeFileSync(join(dir, 'dup.csv'), 'row,a\n1,0.5\n1,0.7\n');
    expect(() => readAttributions(join(dir, 'dup.csv'))).toThrow(/dup\.csv: row\[1\] repeats 1/);
  });
});
