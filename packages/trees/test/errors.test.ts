// Bad model files: typed errors that name the file, the tree and the node.
import { isXaiError } from '@xai/core';
import onnxProto from 'onnx-proto';
import { describe, expect, it } from 'vitest';
import { isOnnxTreeGraph, readOnnxTrees, readXgboostJson, treeFileKind, treeModelFromBytes } from '../src/index.js';
import { fixtureBytes } from './fixtures.js';

const text = new TextDecoder().decode(fixtureBytes('xgb_binary.json'));
type Json = { learner: { gradient_booster: { name: string; model: { trees: Record<string, number[]>[] } } } };
const edit = (f: (j: Json) => void): string => {
  const j = JSON.parse(text) as Json;
  f(j);
  return JSON.stringify(j);
};

function rejects(run: () => unknown, code: string, pattern: RegExp): void {
  try {
    run();
  } catch (e) {
    expect(isXaiError(e)).toBe(true);
    expect((e as { code: string }).code).toBe(code);
    expect((e as Error).message).toMatch(pattern);
    return;
  }
  throw new Error('no error');
}

describe('XGBoost JSON', () => {
  it('reads the fixture', () => {
    expect(readXgboostJson(text, { file: 'm.json' }).ensemble.trees.length).toBe(20);
    expect(treeFileKind(fixtureBytes('xgb_binary.json'))).toBe('xgboost-json');
  });
  it('a booster saved as UBJSON (.ubj) is recognised and refused, naming the file and how to save JSON', () => {
    expect(treeFileKind(fixtureBytes('xgb_binary.ubj'))).toBe('xgboost-ubjson');
    rejects(
      () => treeModelFromBytes(fixtureBytes('xgb_binary.ubj'), { file: 'm.ubj' }),
      'NOT_SUPPORTED',
      /m\.ubj is an XGBoost model in UBJSON.*save_model\('model\.json'\)/,
    );
  });
  it('dart and gblinear boosters are NOT_SUPPORTED, naming the file', () => {
    const dart = edit((j) => (j.learner.gradient_booster.name = 'dart'));
    rejects(() => readXgboostJson(dart, { file: 'd.json' }), 'NOT_SUPPORTED', /d\.json: booster "dart".*dropout/);
    const lin = edit((j) => (j.learner.gradient_booster.name = 'gblinear'));
    rejects(() => readXgboostJson(lin, { file: 'l.json' }), 'NOT_SUPPORTED', /l\.json: booster "gblinear".*linear/);
  });
  it('a categorical split names the tree and node', () => {
    const cat = edit((j) => (j.learner.gradient_booster.model.trees[2]!.split_type![1] = 1));
    rejects(() => readXgboostJson(cat, { file: 'c.json' }), 'NOT_SUPPORTED', /c\.json, tree 2, node 1: is a categorical split/);
  });
  it('a NaN threshold (XGBoost writes a bare NaN) names the tree and node', () => {
    const j = JSON.parse(text) as Json;
    const t = j.learner.gradient_booster.model.trees[1]!;
    t.split_conditions![0] = 12345.5;
    const nan = JSON.stringify(j).replace('12345.5', 'NaN');
    rejects(() => readXgboostJson(nan, { file: 'n.json' }), 'BAD_INPUT', /n\.json, tree 1, node 0: has a NaN threshold/);
  });
  it('a split on a feature the model does not have names the tree and node', () => {
    const far = edit((j) => (j.learner.gradient_booster.model.trees[3]!.split_indices![0] = 99));
    rejects(() => readXgboostJson(far, { file: 'f.json' }), 'BAD_INPUT', /f\.json, tree 3, node 0: splits on feature 99.*0\.\.7/);
  });
  it('text that is not an XGBoost model is PARSE_ERROR', () => {
    rejects(() => readXgboostJson('{"a": 1}', { file: 'x.json' }), 'PARSE_ERROR', /x\.json: has no "learner"/);
    rejects(() => readXgboostJson('{', { file: 'y.json' }), 'PARSE_ERROR', /y\.json is not JSON/);
    const dup = text.replace('{', '{\n"learner": {},');
    rejects(
      () => readXgboostJson(dup, { file: 'd.json' }),
      'PARSE_ERROR',
      /d\.json is not JSON \(line \d+, column \d+: duplicate key "learner" \(first at line 2\)/,
    );
    rejects(
      () => readXgboostJson(dup.replace('"learner": {},', '"learner": {"x": NaN},'), { file: 'd.json' }),
      'PARSE_ERROR',
      /duplicate key "learner"/,
    );
    expect(readXgboostJson(`\uFEFF${text}`, { file: 'b.json' }).info.format).toBe('xgboost-json');
  });
});

const { onnx } = onnxProto;
function editOnnx(name: string, f: (attrs: onnxProto.onnx.IAttributeProto[]) => void): Uint8Array {
  const m = onnx.ModelProto.decode(fixtureBytes(name));
  f(m.graph!.node![0]!.attribute!);
  return onnx.ModelProto.encode(m).finish();
}
const attr = (attrs: onnxProto.onnx.IAttributeProto[], name: string) => attrs.find((a) => a.name === name)!;

describe('ONNX tree graphs', () => {
  it('an unknown node mode names the tree and node', () => {
    const bytes = editOnnx('skl_rf_multiclass.onnx', (a) => {
      attr(a, 'nodes_modes').strings![3] = new TextEncoder().encode('BRANCH_MEMBER');
    });
    rejects(() => readOnnxTrees(bytes, { file: 'm.onnx' }), 'BAD_INPUT', /m\.onnx, tree 0, node 3: has unknown mode "BRANCH_MEMBER"/);
  });
  it('a NaN threshold names the tree and node', () => {
    const bytes = editOnnx('skl_gbr_regression.onnx', (a) => {
      const trees = attr(a, 'nodes_treeids').ints!.map(Number);
      const first = trees.indexOf(2);
      attr(a, 'nodes_values').floats![first] = NaN;
    });
    rejects(() => readOnnxTrees(bytes, { file: 'g.onnx' }), 'BAD_INPUT', /g\.onnx, tree 2, node 0: has a NaN threshold/);
  });
  it('a split on a missing feature names the tree and node', () => {
    const bytes = editOnnx('xgb_regression.onnx', (a) => {
      attr(a, 'nodes_featureids').ints![0] = 40;
    });
    rejects(() => readOnnxTrees(bytes, { file: 'r.onnx' }), 'BAD_INPUT', /r\.onnx, tree 0, node 0: splits on feature 40/);
  });
  it('MIN / MAX aggregates are NOT_SUPPORTED (not additive)', () => {
    const bytes = editOnnx('skl_gbr_regression.onnx', (a) => {
      a.push({ name: 'aggregate_function', type: 3, s: new TextEncoder().encode('MAX') });
    });
    rejects(() => readOnnxTrees(bytes, { file: 'a.onnx' }), 'NOT_SUPPORTED', /a\.onnx: aggregate_function MAX/);
  });
  it('only tree-ensemble graphs are tree graphs', () => {
    expect(isOnnxTreeGraph(fixtureBytes('skl_rf_binary.onnx'))).toBe(true);
    expect(isOnnxTreeGraph(new Uint8Array([1, 2, 3]))).toBe(false);
    const m = onnx.ModelProto.decode(fixtureBytes('skl_rf_binary.onnx'));
    m.graph!.node!.push({ opType: 'Softmax', input: ['probabilities'], output: ['p2'] });
    const mixed = onnx.ModelProto.encode(m).finish();
    expect(isOnnxTreeGraph(mixed)).toBe(false);
    rejects(
      () => readOnnxTrees(mixed, { file: 'mix.onnx' }),
      'NOT_SUPPORTED',
      /mix\.onnx: is not a tree-ensemble graph \(ops TreeEnsembleClassifier, Softmax\)/,
    );
  });
});
