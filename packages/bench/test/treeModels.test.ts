// Tree models through the CLI's library paths: an XGBoost JSON model and a tree .onnx run in
// TypeScript; treeshap's attributions equal XGBoost's pred_contribs (fixtures of @xai/trees);
// gradient methods are refused with the reason; a tree-only run defaults to control, shap, lime, treeshap;
// CSV rows with missing cells follow each split's missing branch (xgboost's answers on the same file).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isXaiError } from '@xai/core';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../src/config/benchConfig.js';
import { runCli } from '../src/cli/runCli.js';
import { fileRef, writeAttributions } from '../src/explain/attributionsFile.js';
import { evaluateAttributions } from '../src/explain/evaluateAttributions.js';
import { explainInstances } from '../src/explain/explainInstances.js';
import { readModelRows } from '../src/explain/modelRows.js';
import { buildWorkerModel, needsOnnxRuntime } from '../src/inputs/workerModel.js';
import { loadTreeModel } from '@xai/trees/node';

const FIXTURES = fileURLToPath(new URL('../../trees/fixtures/', import.meta.url));
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Record<
  string,
  { x: (number | null)[][]; predContribs: number[][]; predInteractions: number[][][]; train: number[][] }
>;
const dir = mkdtempSync(join(tmpdir(), 'xai-trees-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fixture rows without missing values as a CSV; their indices. */
function csvOf(name: string, rows: (number | null)[][]): { path: string; kept: number[] } {
  const kept = rows.flatMap((r, i) => (r.includes(null) ? [] : [i]));
  const path = join(dir, `${name}.csv`);
  const d = rows[0]!.length;
  writeFileSync(path, `${Array.from({ length: d }, (_, j) => `f${j}`).join(',')}\n${kept.map((i) => rows[i]!.join(',')).join('\n')}\n`);
  return { path, kept };
}

const base = { preset: 'default' as const, seed: 0 };

describe('xai explain --method treeshap on tree models', () => {
  it('an XGBoost JSON model: attributions and expectedValue equal pred_contribs (1e-5 of the row max), class 1 explained', async () => {
    const e = expected.xgb_binary!;
    const { path, kept } = csvOf('xgb_binary', e.x);
    expect(kept.length).toBeGreaterThan(1);
    const r = await explainInstances({ ...base, model: join(FIXTURES, 'xgb_binary.json'), instances: path, method: 'treeshap' });
    expect([...r.explainedClass]).toEqual(kept.map(() => 1));
    expect(r.treeShap!.note.covers).toBe('from the model file');
    const d = r.attributions.cols;
    kept.forEach((k, i) => {
      const ref = e.predContribs[k]!;
      const tol = 1e-5 * Math.max(...ref.map(Math.abs));
      for (let j = 0; j < d; j++) expect(Math.abs(r.attributions.data[i * d + j]! - ref[j]!)).toBeLessThanOrEqual(tol);
      expect(Math.abs(r.treeShap!.expectedValue[i]! - ref[d]!)).toBeLessThanOrEqual(tol);
    });
  });

  it('--class 0 on a binary XGBoost model: attributions and expectedValue are −pred_contribs (class 0 margin = −raw score)', async () => {
    const e = expected.xgb_binary!;
    const { path, kept } = csvOf('xgb_binary', e.x);
    const r = await explainInstances({
      ...base,
      model: join(FIXTURES, 'xgb_binary.json'),
      instances: path,
      method: 'treeshap',
      class: '0',
    });
    expect([...r.explainedClass]).toEqual(kept.map(() => 0));
    expect(r.fixedClass).toBe(0);
    const d = r.attributions.cols;
    kept.forEach((k, i) => {
      const ref = e.predContribs[k]!;
      const tol = 1e-5 * Math.max(...ref.map(Math.abs));
      for (let j = 0; j < d; j++) expect(Math.abs(r.attributions.data[i * d + j]! + ref[j]!)).toBeLessThanOrEqual(tol);
      expect(Math.abs(r.treeShap!.expectedValue[i]! + ref[d]!)).toBeLessThanOrEqual(tol);
    });
  });

  it('gradient methods are refused on a tree model with the reason and the methods to use', async () => {
    const { path } = csvOf('xgb_binary', expected.xgb_binary!.x);
    for (const method of ['grad', 'ig', 'deeplift']) {
      const err = await explainInstances({ ...base, model: join(FIXTURES, 'xgb_binary.json'), instances: path, method }).catch((x) => x);
      expect(isXaiError(err, 'NOT_SUPPORTED')).toBe(true);
      expect((err as Error).message).toMatch(/tree ensemble: piecewise constant.*use treeshap/);
    }
  });

  it('a tree .onnx counts its covers from --train, and says so; without --train it asks for it', async () => {
    const e = expected.skl_rf_multiclass!;
    const { path } = csvOf('rf', e.x);
    const train = csvOf('rf_train', e.train).path;
    const model = join(FIXTURES, 'skl_rf_multiclass.onnx');
    const err = await explainInstances({ ...base, model, instances: path, method: 'treeshap' }).catch((x) => x);
    expect((err as Error).message).toMatch(/--train/);
    const r = await explainInstances({ ...base, model, instances: path, method: 'treeshap', train });
    expect(r.treeShap!.note.covers).toBe('counted from 40 --train rows (the file stores none)');
    // stability re-explains with treeshap through the same file
    const out = join(dir, 'rf.json');
    writeAttributions(out, {
      method: 'treeshap',
      preset: 'default',
      model: fileRef(model, '--model'),
      features: r.names,
      source: path,
      sourceSha256: fileRef(path, '--instances').sha256,
      rows: [...r.rowIndex!],
      attributions: r.attributions,
      explainedClass: [...r.explainedClass],
    });
    const ris = await evaluateAttributions({
      ...base,
      model,
      instances: path,
      train,
      attributions: out,
      metric: 'RIS',
      stabilityNeighbours: 3,
      stabilitySamples: 30,
    });
    expect(ris.count + ris.undefined.length).toBe(r.attributions.rows);
  });
});

describe('xai explain --interactions', () => {
  const cli = async (args: string[]): Promise<{ code: number; err: string }> => {
    let err = '';
    const code = await runCli(['node', 'xai', ...args], { out: () => {}, err: (t) => (err += t) });
    return { code, err };
  };
  it('writes "interactions", per row the d x d matrix of XGBoost pred_interactions (1e-5 of the row max)', async () => {
    const e = expected.xgb_binary!;
    const { path, kept } = csvOf('xgb_binary_inter', e.x);
    const out = join(dir, 'inter.json');
    const model = join(FIXTURES, 'xgb_binary.json');
    const r = await cli(['explain', '--model', model, '--instances', path, '--method', 'treeshap', '--interactions', '--out', out]);
    // The only message: the feature kinds the rows were read with.
    expect(r).toEqual({ code: 0, err: 'xai: feature kinds (inferred from the values): 8 continuous\n' });
    const json = JSON.parse(readFileSync(out, 'utf8')) as {
      interactions: number[][][];
      attributions: number[][];
      treeShap: { interactions: string };
    };
    expect(json.treeShap.interactions).toMatch(/sums to that feature's attribution/);
    const d = e.x[0]!.length;
    kept.forEach((k, i) => {
      const ref = e.predInteractions[k]!;
      const tol = 1e-5 * Math.max(...ref.flat().map(Math.abs));
      expect(json.interactions[i]!.length).toBe(d);
      for (let j = 0; j < d; j++)
        for (let l = 0; l < d; l++) expect(Math.abs(json.interactions[i]![j]![l]! - ref[j]![l]!)).toBeLessThanOrEqual(tol);
    });
    const wrong = [
      [['--method', 'shap', '--out', join(dir, 'a.json')], /--interactions is computed by --method treeshap/],
      [['--method', 'treeshap', '--tree-shap', 'interventional', '--out', join(dir, 'a.json')], /drop --tree-shap interventional/],
      [['--method', 'treeshap', '--out', join(dir, 'a.csv')], /to a JSON output/],
    ] as const;
    for (const [args, message] of wrong) {
      const bad = await cli(['explain', '--model', model, '--instances', path, '--interactions', ...args]);
      expect(bad.code).toBe(2);
      expect(bad.err).toMatch(message);
    }
  });
});

describe('xai bench with tree models', () => {
  const json = join(FIXTURES, 'xgb_binary.json');
  it('a tree-only run defaults to control, shap, lime, treeshap; gradient methods are BAD_OPTION', () => {
    expect(resolveBenchConfig({}, { modelFiles: [json] }).explainers).toEqual(['control', 'shap', 'lime', 'treeshap']);
    expect(() => resolveBenchConfig({}, { modelFiles: [json], explainers: 'grad,shap' })).toThrow(
      /grad reads gradients.*piecewise constant/,
    );
    expect(() => resolveBenchConfig({}, { explainers: 'treeshap' })).toThrow(/treeshap reads tree ensembles/);
    expect(resolveBenchConfig({}, { modelFiles: [json], treeShap: 'interventional' }).treeShap).toBe('interventional');
    expect(() => resolveBenchConfig({}, { modelFiles: [json], treeShap: 'exact' })).toThrow(
      /treeShap: expected path-dependent or interventional/,
    );
  });
  it('workers rebuild a tree model without ONNX Runtime', () => {
    const spec = { kind: 'trees' as const, bytes: readFileSync(join(FIXTURES, 'skl_rf_binary.onnx')), file: 'rf.onnx' };
    expect(needsOnnxRuntime([spec])).toBe(false);
    const w = buildWorkerModel(spec, 'd/rf', null);
    expect(w.backend).toBe('trees');
    expect(typeof w.model.trees).toBe('function');
  });
});

describe('missing cells (empty, NaN, nan, NA) in the rows of a tree model', () => {
  // xgboost's predict and pred_contribs on the same CSV files (make_missing_cells.py)
  const missing = JSON.parse(readFileSync(join(FIXTURES, 'missing_cells.json'), 'utf8')) as Record<
    string,
    { predict: number[] | number[][]; predContribs: number[][] | number[][][] }
  >;
  const near = (got: ArrayLike<number>, ref: readonly number[], scale: number): void => {
    const tol = 1e-5 * scale;
    for (let j = 0; j < ref.length; j++) expect(Math.abs(got[j]! - ref[j]!)).toBeLessThanOrEqual(tol);
  };

  it('predictions equal xgboost predict, and treeshap equals pred_contribs, binary and multi-class', async () => {
    for (const kind of ['binary', 'multiclass'] as const) {
      const e = missing[`xgb_${kind}`]!;
      const model = join(FIXTURES, `xgb_${kind}.json`);
      const instances = join(FIXTURES, `missing_${kind}.csv`);
      const tree = loadTreeModel(model);
      const rows = readModelRows(instances, tree, { label: 'y', what: 'explain' });
      expect(rows.x.data.some(Number.isNaN)).toBe(true);
      const p = tree.predictProba(rows.x);
      const k = p.cols;
      e.predict.forEach((ref, i) =>
        near(p.data.subarray(i * k, (i + 1) * k), kind === 'binary' ? [1 - (ref as number), ref as number] : (ref as number[]), 1),
      );
      const r = await explainInstances({ ...base, model, instances, label: 'y', method: 'treeshap' });
      const d = r.attributions.cols;
      e.predContribs.forEach((c, i) => {
        const ref = (kind === 'binary' ? c : (c as number[][])[r.explainedClass[i]!]!) as number[];
        const scale = Math.max(...ref.map(Math.abs));
        near(r.attributions.data.subarray(i * d, (i + 1) * d), ref.slice(0, d), scale);
        near([r.treeShap!.expectedValue[i]!], [ref[d]!], scale);
      });
    }
  });

  it('other methods, metrics beside PGI/PGU/stability, and models without trees refuse them, naming the file, row and column', async () => {
    const model = join(FIXTURES, 'xgb_binary.json');
    const instances = join(FIXTURES, 'missing_binary.csv');
    const shap = await explainInstances({ ...base, model, instances, label: 'y', method: 'shap' }).catch((x) => x);
    expect(isXaiError(shap, 'BAD_INPUT')).toBe(true);
    expect((shap as Error).message).toMatch(/missing_binary\.csv.*data row 1, column "f1" is a missing value.*use --method treeshap/);
    const out = join(dir, 'missing.json');
    writeAttributions(out, {
      method: 'treeshap',
      preset: 'default',
      attributions: { rows: 10, cols: 8, data: new Float64Array(80) },
      explainedClass: [],
    });
    const infidelity = await evaluateAttributions({ ...base, model, instances, label: 'y', attributions: out, metric: 'INFIDELITY' }).catch(
      (x) => x,
    );
    expect(isXaiError(infidelity, 'BAD_INPUT')).toBe(true);
    expect((infidelity as Error).message).toMatch(
      /data row 1, column "f1" is a missing value; INFIDELITY needs complete rows; of the metrics PGU, PGI, RIS/,
    );
    // Stability re-explains neighbours: with a method that cannot take missing cells it is refused too.
    const shapFile = join(dir, 'missing-shap.json');
    writeAttributions(shapFile, {
      method: 'shap',
      preset: 'default',
      attributions: { rows: 10, cols: 8, data: new Float64Array(80) },
      explainedClass: (() => {
        const p = loadTreeModel(model).predictProba(readModelRows(instances, loadTreeModel(model), { label: 'y', what: 'explain' }).x);
        return Array.from({ length: 10 }, (_, i) => (p.data[2 * i + 1]! > p.data[2 * i]! ? 1 : 0));
      })(),
      features: Array.from({ length: 8 }, (_, j) => `f${j}`),
    });
    const ris = await evaluateAttributions({
      ...base,
      model,
      instances,
      label: 'y',
      attributions: shapFile,
      metric: 'RIS',
      method: 'shap',
      allowForeignAttributions: true,
    }).catch((x) => x);
    expect((ris as Error).message).toMatch(/RIS re-explains neighbours with shap, which cannot take missing cells/);
    const notTrees = { inputDim: 8, classes: 2, predictProba: () => ({ rows: 0, cols: 2, data: new Float64Array(0) }) };
    const refused = (() => {
      try {
        return readModelRows(instances, notTrees, { label: 'y', what: 'explain' });
      } catch (x) {
        return x;
      }
    })();
    expect(isXaiError(refused, 'NON_FINITE')).toBe(true); // the cell reads NaN
    expect((refused as { details: unknown }).details).toMatchObject({ line: 2, column: 'f1' });
  });
});
