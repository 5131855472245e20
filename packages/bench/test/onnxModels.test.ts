// ONNX from the CLI: a new user's flow (export an ANN to ONNX, write a CSV, then
// `xai bench --model m.onnx --data d.csv --label y` → report), several --model files in one
// report, xai explain on an ONNX model equal to the JSON path, and finite-difference models
// marked approximate.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadUserDataset } from '@xai/data/node';
import { createExplainer } from '@xai/explainers';
import { loadModelSync } from '@xai/models/node';
import { neuralModelToOnnx } from '@xai/onnx';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-onnx-cli-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ok(args: string[]): string {
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

// d.csv: 6 numeric features, y = 1 when a weighted sum is positive.
const names = ['a', 'b', 'c', 'd', 'e', 'f'];
const csv = join(dir, 'd.csv');
{
  const lines = [`${names.join(',')},y`];
  for (let i = 0; i < 240; i++) {
    const v = names.map((_, j) => Math.round(100 * Math.sin(1.3 * i + 2.1 * j + 0.1 * i * j)) / 10);
    lines.push(`${v.join(',')},${v[0]! - 0.5 * v[1]! + 0.3 * v[2]! > 0 ? 1 : 0}`);
  }
  writeFileSync(csv, `${lines.join('\n')}\n`);
}

describe('xai bench / explain --model m.onnx --data d.csv --label y', () => {
  const onnx = join(dir, 'm.onnx');
  const lrOnnx = join(dir, 'lr.onnx');
  beforeAll(() => {
    assertBuilt();
    // The user's own models: trained here (they could come from torch / sklearn), exported to ONNX.
    ok(['train', '--data', csv, '--label', 'y', '--cache-dir', cache, '--out', join(dir, 'models')]);
    writeFileSync(onnx, neuralModelToOnnx(loadModelSync(join(dir, 'models', 'd-ann.json'))));
    writeFileSync(lrOnnx, neuralModelToOnnx(loadModelSync(join(dir, 'models', 'd-lr.json'))));
  });

  it("bench: report.md with the model's rows, floors and nulls; two --model files compared in one report", () => {
    const out = join(dir, 'run');
    ok([
      'bench',
      '--model',
      onnx,
      '--model',
      lrOnnx,
      '--model',
      join(dir, 'models', 'd-lr.json'),
      '--data',
      csv,
      '--label',
      'y',
      // The ONNX exports of models trained on scaled rows carry no preprocessing block.
      '--model-input',
      'scaled',
      '--explainers',
      'control,grad,ig',
      '--metrics',
      'PGI,PGU,RIS',
      '--instances',
      '10',
      '--stability-neighbours',
      '5',
      '--stability-samples',
      '50',
      '--workers',
      '1',
      '--cache-dir',
      cache,
      '--out',
      out,
    ]);
    const md = readFileSync(join(out, 'report.md'), 'utf8');
    expect(md).toMatch(/\bm\b/);
    expect(md).toMatch(/\blr\b/);
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    const cells = summary.cells as {
      dataset: string;
      model: string;
      explainer: string;
      kind: string;
      metric: string;
      mean: number | null;
    }[];
    const controls = summary.controls as { model: string; explainer: string; metric: string; floor: number | null; null: number | null }[];
    for (const model of ['m', 'lr', 'd-lr']) {
      const pgi = cells.find((c) => c.model === model && c.explainer === 'grad' && c.kind === 'explainer' && c.metric === 'PGI');
      expect(pgi, model).toBeDefined();
      expect(pgi!.dataset).toBe('d');
      expect(Number.isFinite(pgi!.mean)).toBe(true);
      const c = controls.find((x) => x.model === model && x.explainer === 'grad' && x.metric === 'PGI');
      expect(Number.isFinite(c?.floor), model).toBe(true);
      expect(Number.isFinite(c?.null), model).toBe(true);
    }
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
    const m = manifest.models.find((x: { model: string }) => x.model === 'm');
    expect(m.source).toMatchObject({ kind: 'file', format: 'onnx' });
    expect(m.gradients).toBe('exact: reverse-mode autodiff of the graph');
    expect(manifest.models.find((x: { model: string }) => x.model === 'd-lr').source).toMatchObject({ kind: 'file', format: 'json' });
    // a model file has no ground truth: the agreement metrics are not applicable
    expect(manifest.datasets[0].groundTruth).toEqual({ m: null, lr: null, 'd-lr': null });
  });

  it('bad model files: a width mismatch and two files with one name fail with one line naming them', () => {
    const poly = resolve(__dirname, '../../onnx/fixtures/poly_sigmoid.onnx');
    const cases: [string[], number, RegExp][] = [
      [
        ['bench', '--model', poly, '--data', csv, '--label', 'y', '--out', join(dir, 'x1')],
        1,
        /poly_sigmoid\.onnx takes 3 features but d has 6/,
      ],
      [
        ['bench', '--model', onnx, '--model', join(dir, 'models', 'm.json'), '--data', csv, '--label', 'y', '--out', join(dir, 'x2')],
        2,
        /two models named "m"/,
      ],
      [['bench', '--label', 'y', '--out', join(dir, 'x3')], 2, /--label describes a user CSV: give --data/],
    ];
    for (const [args, code, message] of cases) {
      const r = runCliSync(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
      expect(r.stderr).toMatch(/^xai: [^\n]+\n$/);
      expect(r.stderr).toMatch(message);
    }
  });

  it("explain on the ONNX model (trained on scaled rows: --model-input scaled) equals the JSON model on the loader's scaled test rows", async () => {
    const out = join(dir, 'ig.json');
    // The ONNX export carries no preprocessing block: the user says which rows it eats.
    ok(['explain', '--model', onnx, '--data', csv, '--label', 'y', '--method', 'ig', '--model-input', 'scaled', '--out', out]);
    const got = JSON.parse(readFileSync(out, 'utf8')).attributions as number[][];
    const ds = await loadUserDataset(csv, { label: 'y', seed: 0 });
    const json = loadModelSync(join(dir, 'models', 'd-ann.json'));
    // A binary classifier under the default preset: class 1 on every row.
    const want = createExplainer('ig', { preset: 'default', seed: 0, train: ds.train.x }).explain(json, ds.test.x, {
      targets: new Int32Array(ds.test.x.rows).fill(1),
    });
    expect(got).toHaveLength(ds.test.x.rows);
    // float32 ONNX weights vs float64 JSON: the imported MLP holds the float32-rounded weights
    for (let i = 0; i < want.rows; i++)
      for (let j = 0; j < want.cols; j++) {
        const w = want.data[i * want.cols + j]!;
        expect(Math.abs(got[i]![j]! - w)).toBeLessThanOrEqual(1e-5 * Math.max(1, Math.abs(w)));
      }
    const ev = JSON.parse(
      ok([
        'evaluate',
        '--json',
        '--model',
        onnx,
        '--data',
        csv,
        '--label',
        'y',
        '--model-input',
        'scaled',
        '--attributions',
        out,
        '--metric',
        'PGI',
      ]),
    );
    expect(ev.count).toBe(ds.test.x.rows);
  });

  const poly = resolve(__dirname, '../../onnx/fixtures/autodiff/atan_fd.onnx');
  it.skipIf(!existsSync(poly))(
    'a graph with an op outside the interpreter (Atan): gradients marked approximate with their estimate, refused when it is above 1 % unless --allow-approximate',
    () => {
      const p = join(dir, 'p.csv');
      const lines = ['age,income,ratio,hours,flag,score,y'];
      for (let i = 0; i < 80; i++)
        lines.push(
          `${40 + 20 * Math.sin(i)},${5e4 + 1e4 * Math.cos(2 * i)},${0.5 + 0.002 * Math.sin(3 * i + 1)},${40 + 30 * Math.cos(i)},${i % 2},${Math.sin(5 * i)},${i % 3}`,
        );
      writeFileSync(p, `${lines.join('\n')}\n`);
      const e = runCliSync(['explain', '--model', poly, '--data', p, '--label', 'y', '--method', 'grad', '--out', join(dir, 'pg.json')]);
      expect(e.code, e.stderr).toBe(0);
      expect(e.stdout + e.stderr).toMatch(/APPROXIMATE/);
      expect(JSON.parse(readFileSync(join(dir, 'pg.json'), 'utf8')).gradients).toMatch(/finite differences.*estimated error/);
      // one row and no training rows: the steps come from |x| (income ≈ 5e4: a step of ≈ 250), refused by the estimate unless insisted on
      const one = join(dir, 'p1.csv');
      writeFileSync(one, lines.slice(0, 2).join('\n'));
      const bare = ['explain', '--model', poly, '--instances', one, '--label', 'y', '--method', 'grad', '--out', join(dir, 'pb.json')];
      const refused = runCliSync(bare);
      expect(refused.code, refused.stderr).toBe(1);
      expect(refused.stderr).toMatch(
        /^xai: .*error estimate .* % of the largest gradient, above 1\.0 %: use shap, lime.*--allow-approximate/,
      );
      expect(existsSync(join(dir, 'pb.json'))).toBe(false);
      ok([...bare, '--allow-approximate']);
      // past the threshold the steps' disagreement is reported as such, not as an error estimate
      expect(JSON.parse(readFileSync(join(dir, 'pb.json'), 'utf8')).gradients).toMatch(
        /^approximate and UNRELIABLE: .*disagree by [1-9]\d* % of the largest gradient.*error may be far larger/,
      );
      const out = join(dir, 'prun');
      ok([
        'bench',
        '--model',
        poly,
        '--data',
        p,
        '--label',
        'y',
        '--explainers',
        'grad',
        '--metrics',
        'PGI',
        '--instances',
        '5',
        '--workers',
        '1',
        '--cache-dir',
        cache,
        '--out',
        out,
      ]);
      expect(readFileSync(join(out, 'report.md'), 'utf8')).toMatch(/approximate/i);
    },
  );
});
