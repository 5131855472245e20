// A tree .onnx file that stores its class labels (classlabels_int64s / _strings) is matched to the
// data's label classes by name, as @xai/onnx's graphs are: a tree ensemble's outputs are not
// reordered, so another set of names is refused naming both (before, 'no'/'yes' data met a model
// labelled [0, 1] by position, silently). Numbers compare as numbers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTreeModel } from '@xai/trees/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const FIXTURES = fileURLToPath(new URL('../../trees/fixtures/', import.meta.url));
const MODEL = join(FIXTURES, 'skl_rf_binary.onnx');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<string, { train: number[][] }>;
const dir = mkdtempSync(join(tmpdir(), 'xai-tree-labels-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture's 40 training rows labelled by the model's own prediction, spelt by `names` [class 0, class 1]. */
function data(file: string, names: readonly [string, string]): string {
  const train = expected.skl_rf_binary!.train;
  const m = loadTreeModel(MODEL);
  const p = m.predictProba({ rows: train.length, cols: train[0]!.length, data: Float64Array.from(train.flat()) }).data;
  const lines = train.map((r, i) => [...r, names[p[2 * i + 1]! > 0.5 ? 1 : 0]].join(','));
  const path = join(dir, file);
  writeFileSync(path, `${train[0]!.map((_, j) => `f${j}`).join(',')},y\n${lines.join('\n')}\n`);
  return path;
}

const bench = (csv: string, out: string) =>
  runCliSync([
    'bench',
    '--model',
    MODEL,
    '--data',
    csv,
    '--label',
    'y',
    '--explainers',
    'shap',
    '--metrics',
    'PGI',
    '--instances',
    '4',
    '--workers',
    '1',
    '--out',
    join(dir, out),
  ]);

beforeAll(() => assertBuilt());

describe('a tree .onnx file with stored class labels', () => {
  it("exposes them as the model's classLabels", () => {
    expect(loadTreeModel(MODEL).classLabels).toEqual(['0', '1']);
  });

  it('data labelled no/yes against labels [0, 1]: BAD_INPUT naming both', () => {
    const r = bench(data('words.csv', ['no', 'yes']), 'words');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('skl_rf_binary.onnx stores the class labels [0, 1] but words has [no, yes]');
  });

  it('xai explain --data with no/yes labels: the same refusal, naming the model', () => {
    const r = runCliSync([
      'explain',
      '--model',
      MODEL,
      '--data',
      data('words2.csv', ['no', 'yes']),
      '--label',
      'y',
      '--method',
      'shap',
      '--out',
      join(dir, 'e.json'),
    ]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain("skl_rf_binary.onnx stores the class labels [0, 1] but the data's label has [no, yes]");
  });

  it('data labelled 0.0/1.0: the same classes by value, the run goes ahead', () => {
    const r = bench(data('numbers.csv', ['0.0', '1.0']), 'numbers');
    expect(r.code, r.stderr).toBe(0);
  });
});
