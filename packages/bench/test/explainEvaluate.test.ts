// xai train -> explain -> evaluate through the built CLI, checked against closed forms of a
// logistic regression computed here from the saved weights.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-explain-'));
const cache = join(dir, 'cache');
const models = join(dir, 'models');
const D = 20;
const N = 5;
// The synthetic set's columns (the saved model carries them, so the CSV must use them).
const names = Array.from({ length: D }, (_, j) => `x${j}`);
const X = Array.from({ length: N }, (_, i) => names.map((_, j) => Math.round(100 * (Math.sin(7 * i + j) * 2 + (j % 3))) / 100));
const xcsv = join(dir, 'x.csv');
writeFileSync(xcsv, `${names.join(',')}\n${X.map((r) => r.join(',')).join('\n')}\n`);

function ok(args: string[]): string {
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

describe('xai train, explain, evaluate (built CLI)', () => {
  let W: number[][];
  let b: number[];
  beforeAll(() => {
    assertBuilt();
    ok(['train', '--models', 'lr', '--cache-dir', cache, '--out', models]);
    const json = JSON.parse(readFileSync(join(models, 'synthetic-lr.json'), 'utf8'));
    W = json.layers[0].weight;
    b = json.layers[0].bias;
    expect(json.preprocessing.features).toEqual(names);
  });

  it('xai train writes the model and a manifest with its hash and accuracies', () => {
    const m = JSON.parse(readFileSync(join(models, 'models.json'), 'utf8'));
    const e = m.models[0];
    expect(e.file).toBe('synthetic-lr.json');
    expect(e.sha256).toBe(
      createHash('sha256')
        .update(readFileSync(join(models, e.file)))
        .digest('hex'),
    );
    expect(e.accuracy.test).toBeGreaterThan(0.5);
    expect(e.accuracy.test).toBeLessThanOrEqual(1);
    // The model file records its test accuracy and the base rate beside it.
    const perf = JSON.parse(readFileSync(join(models, e.file), 'utf8')).performance;
    expect(perf).toMatchObject({ split: 'test', accuracy: e.accuracy.test });
    expect(perf.baseRate).toBeGreaterThanOrEqual(0.5);
    // a second run takes the model from the cache, bit for bit
    expect(ok(['train', '--models', 'lr', '--cache-dir', cache, '--out', join(dir, 'models2')])).toMatch(/from cache/);
    expect(readFileSync(join(dir, 'models2', 'synthetic-lr.json'), 'utf8')).toBe(readFileSync(join(models, 'synthetic-lr.json'), 'utf8'));
  });

  it('xai explain --method grad gives p1 (1 − p1)(w1 − w0) on every row (a binary classifier: class 1 by default)', () => {
    const out = join(dir, 'grad.json');
    const text = ok(['explain', '--model', join(models, 'synthetic-lr.json'), '--instances', xcsv, '--method', 'grad', '--out', out]);
    expect(text).toContain("class 1 on every row (a binary classifier: SHAP's convention); --class picks one of 0, 1 or predicted");
    const a = JSON.parse(readFileSync(out, 'utf8'));
    expect(a.method).toBe('grad');
    expect(a.preset).toBe('default');
    expect(a.fixedClass).toBe(1);
    expect(a.classRule).toBe("class 1 on every row (a binary classifier: SHAP's convention)");
    expect(a.explainedClass).toEqual(Array(N).fill(1));
    expect(a.attributions).toHaveLength(N);
    for (let i = 0; i < N; i++) {
      const z = [0, 1].map((c) => b[c]! + W[c]!.reduce((s, w, j) => s + w * X[i]![j]!, 0));
      const p1 = 1 / (1 + Math.exp(z[0]! - z[1]!));
      for (let j = 0; j < D; j++) expect(a.attributions[i][j]).toBeCloseTo(p1 * (1 - p1) * (W[1]![j]! - W[0]![j]!), 10);
    }
  });

  it("xai explain --method shap records each row's base value: the mean p1 over the background, and base + Σφ = p1(x)", () => {
    const out = join(dir, 'shap.json');
    const text = ok([
      'explain',
      '--model',
      join(models, 'synthetic-lr.json'),
      '--instances',
      xcsv,
      '--train',
      xcsv,
      '--method',
      'shap',
      '--out',
      out,
    ]);
    const a = JSON.parse(readFileSync(out, 'utf8'));
    const p1 = (x: readonly number[]): number => {
      const z = [0, 1].map((c) => b[c]! + W[c]!.reduce((s, w, j) => s + w * x[j]!, 0));
      return 1 / (1 + Math.exp(z[0]! - z[1]!));
    };
    const pc = (x: readonly number[], c: number): number => (c === 1 ? p1(x) : 1 - p1(x));
    expect(a.baseValueFrom).toBe('background');
    for (let i = 0; i < N; i++) {
      const c = a.explainedClass[i] as number;
      expect(c).toBe(1);
      expect(a.baseValue[i]).toBeCloseTo(X.reduce((s, x) => s + pc(x, c), 0) / N, 10);
      const sum = (a.attributions[i] as number[]).reduce((s, v) => s + v, 0);
      expect(a.baseValue[i] + sum).toBeCloseTo(pc(X[i]!, c), 6);
    }
    expect(text).toContain("class 1 on every row (a binary classifier: SHAP's convention)");
  });

  it('xai explain --class fixes the explained class: grad for class 0 = −grad for class 1 = p1 (1 − p1)(w0 − w1); KernelSHAP base + Σφ = p_class(x)', () => {
    const model = join(models, 'synthetic-lr.json');
    const explain = (method: string, cls: string, extra: string[] = []): { text: string; a: Record<string, unknown> } => {
      const out = join(dir, `${method}-class${cls}.json`);
      const text = ok(['explain', '--model', model, '--instances', xcsv, '--method', method, '--class', cls, ...extra, '--out', out]);
      return { text, a: JSON.parse(readFileSync(out, 'utf8')) };
    };
    const p1 = (x: readonly number[]): number => {
      const z = [0, 1].map((c) => b[c]! + W[c]!.reduce((s, w, j) => s + w * x[j]!, 0));
      return 1 / (1 + Math.exp(z[0]! - z[1]!));
    };
    const g0 = explain('grad', '0');
    const g1 = explain('grad', '1');
    expect(g0.text).toContain('class 0 on every row (--class)');
    expect(g0.a.fixedClass).toBe(0);
    expect(g0.a.explainedClass).toEqual(Array(N).fill(0));
    for (let i = 0; i < N; i++) {
      const q = p1(X[i]!) * (1 - p1(X[i]!));
      for (let j = 0; j < D; j++) {
        expect((g0.a.attributions as number[][])[i]![j]).toBeCloseTo(q * (W[0]![j]! - W[1]![j]!), 10);
        expect((g1.a.attributions as number[][])[i]![j]).toBeCloseTo(-(g0.a.attributions as number[][])[i]![j]!, 10);
      }
    }
    const shap = explain('shap', '0', ['--train', xcsv]).a;
    for (let i = 0; i < N; i++) {
      const sum = (shap.attributions as number[][])[i]!.reduce((s, v) => s + v, 0);
      expect((shap.baseValue as number[])[i]! + sum).toBeCloseTo(1 - p1(X[i]!), 6);
    }
    // evaluate reads the class from the file: the LR's ground truth is signed for class 0 on every row.
    const evaluate = (extra: string[]) =>
      runCliSync([
        'evaluate',
        '--json',
        '--no-controls',
        '--model',
        model,
        '--instances',
        xcsv,
        '--attributions',
        join(dir, 'grad-class0.json'),
        ...extra,
      ]);
    const sa = JSON.parse(evaluate(['--metric', 'SA']).stdout);
    expect(sa.fixedClass).toBe(0);
    expect(sa.mean).toBe(1);
    expect(JSON.parse(evaluate(['--metric', 'SA', '--class', '0']).stdout).mean).toBe(1);
    const wrong = evaluate(['--metric', 'SA', '--class', '1']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/--class/);
    expect(wrong.stderr).toContain('explains class 0');
    const unknown = runCliSync([
      'explain',
      '--model',
      model,
      '--instances',
      xcsv,
      '--method',
      'grad',
      '--class',
      '2',
      '--out',
      join(dir, 'no.json'),
    ]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/--class/);
    expect(unknown.stderr).toMatch(/classes: 0.*, 1/);
  });

  it('under --preset openxai the model computes in float32 (every attribution a float32, = the closed form to float32 resolution); --precision float64 restores it', () => {
    const model = join(models, 'synthetic-lr.json');
    const read = (extra: string[]): { precision: string; attributions: number[][] } => {
      const out = join(dir, `grad-${extra.join('')}.json`);
      ok(['explain', '--model', model, '--instances', xcsv, '--method', 'grad', '--preset', 'openxai', ...extra, '--out', out]);
      return JSON.parse(readFileSync(out, 'utf8'));
    };
    const f32 = read([]);
    const f64 = read(['--precision', 'float64']);
    expect([f32.precision, f64.precision]).toEqual(['float32', 'float64']);
    expect(f32.attributions.flat().every((v) => Math.fround(v) === v)).toBe(true);
    expect(f64.attributions.flat().every((v) => Math.fround(v) === v)).toBe(false);
    for (let i = 0; i < N; i++)
      for (let j = 0; j < D; j++) {
        const exact = f64.attributions[i]![j]!;
        expect(Math.abs(f32.attributions[i]![j]! - exact)).toBeLessThanOrEqual(1e-5 * Math.abs(exact) + 1e-9);
      }
    const ris = JSON.parse(
      ok([
        'evaluate',
        '--json',
        '--model',
        model,
        '--instances',
        xcsv,
        '--attributions',
        join(dir, 'grad-.json'),
        '--metric',
        'RIS',
        '--preset',
        'openxai',
        '--no-controls',
      ]),
    );
    expect(ris.precision).toBe('float32');
  });

  it('xai evaluate scores grad on LR as perfect agreement with the LR weights (FA = SA = 1)', () => {
    const grad = join(dir, 'grad.json');
    for (const metric of ['FA', 'SA']) {
      const out = join(dir, `${metric}.json`);
      const line = ok([
        'evaluate',
        '--model',
        join(models, 'synthetic-lr.json'),
        '--instances',
        xcsv,
        '--attributions',
        grad,
        '--metric',
        metric,
        '--out',
        out,
      ]);
      // One readable line with the controls and the verdict in the reports' words; the JSON goes to --out.
      // The global floor of an LR is its weights, i.e. the ground truth: it scores 1 too, and the line says why that is no contest.
      expect(line).toMatch(
        new RegExp(
          `^${metric} 1\\.00 ± 0 \\(n = ${N}, 0 undefined; preset default, float64; class 1 on every row \\(the attributions file's fixedClass\\)\\); floor 1\\.00 ± 0 \\(floor-global\\), null [^:]+: ○ not testable here: LR: the global floor is the model's own weights, which are the ground truth`,
        ),
      );
      expect(line.endsWith(` -> ${out}\n`)).toBe(true);
      const v = JSON.parse(readFileSync(out, 'utf8'));
      expect(v.metric).toBe(metric);
      expect(v.values).toEqual(Array(N).fill(1));
      expect(v.mean).toBe(1);
      expect(v.undefined).toEqual([]);
      expect(v.controls).toMatchObject({
        floor: 1,
        floorExplainer: 'floor-global',
        liftOverFloor: 0,
        verdict: { kind: 'untestable', mark: '○' },
      });
    }
  });

  it('xai evaluate with a given --ground-truth (the same weights) can test the verdict: grad ties the global floor (both 1) -> ✕', () => {
    const gt = join(dir, 'gt.csv');
    const sign = X.map((x) => {
      const z = [0, 1].map((c) => b[c]! + W[c]!.reduce((s, w, j) => s + w * x[j]!, 0));
      return z[1]! > z[0]! ? 1 : -1;
    });
    writeFileSync(gt, `${names.join(',')}\n${sign.map((s) => names.map((_, j) => s * (W[1]![j]! - W[0]![j]!)).join(',')).join('\n')}\n`);
    const args = ['evaluate', '--model', join(models, 'synthetic-lr.json'), '--instances', xcsv, '--attributions', join(dir, 'grad.json')];
    const line = ok([...args, '--ground-truth', gt, '--metric', 'FA']);
    expect(line).toMatch(/; floor 1\.00 ± 0 \(floor-global\), null .*: ✕ does not beat both controls: ties the floor\n$/);
    const v = JSON.parse(ok([...args, '--ground-truth', gt, '--metric', 'FA', '--json']));
    expect(v.controls).toMatchObject({ floor: 1, liftOverFloor: 0, verdict: { kind: 'fails', detail: 'ties the floor' } });
  });

  it('writes CSV attributions and scores stability with the method read from the JSON', () => {
    const csv = join(dir, 'control.csv');
    ok(['explain', '--model', join(models, 'synthetic-lr.json'), '--instances', xcsv, '--method', 'control', '--out', csv]);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    // The row and explained-class columns first, then the features.
    expect(lines[0]).toBe(['row', 'explained_class', ...names].join(','));
    expect(lines).toHaveLength(N + 1);
    const v = JSON.parse(
      ok([
        'evaluate',
        '--json',
        '--model',
        join(models, 'synthetic-lr.json'),
        '--instances',
        xcsv,
        '--attributions',
        join(dir, 'grad.json'),
        '--metric',
        'RIS',
        '--stability-neighbours',
        '5',
        '--stability-samples',
        '50',
      ]),
    );
    expect(v.values).toHaveLength(N);
    for (const x of v.values) expect(x === null || x >= 0).toBe(true);
  });

  it('fails with one clear line on bad input', () => {
    const model = join(models, 'synthetic-lr.json');
    const narrow = join(dir, 'narrow.csv');
    writeFileSync(narrow, 'a,b,c\n1,2,3\n');
    // the same rows with the model inputs' header but one column renamed
    const renamed = join(dir, 'renamed.csv');
    writeFileSync(renamed, readFileSync(xcsv, 'utf8').replace('x7,', 'feature7,'));
    const mlp = join(dir, 'mlp.json');
    writeFileSync(
      mlp,
      JSON.stringify({
        format: 'xai-model@1',
        kind: 'mlp',
        inputDim: D,
        classes: 2,
        output: 'softmax',
        layers: [
          { weight: [names.map(() => 0.1), names.map(() => -0.1)], bias: [0, 0], activation: 'relu' },
          {
            weight: [
              [1, 0],
              [0, 1],
            ],
            bias: [0, 0],
            activation: 'none',
          },
        ],
      }),
    );
    const cases: [string[], number, RegExp][] = [
      [
        ['explain', '--model', join(dir, 'none.json'), '--instances', xcsv, '--method', 'grad', '--out', join(dir, 'o.json')],
        1,
        /NOT_FOUND.*none\.json/,
      ],
      [
        ['explain', '--model', model, '--instances', xcsv, '--method', 'nosuch', '--out', join(dir, 'o.json')],
        2,
        /unknown method "nosuch"/,
      ],
      [
        ['explain', '--model', model, '--instances', narrow, '--method', 'grad', '--out', join(dir, 'o.json')],
        1,
        /missing column\(s\) "x0"/,
      ],
      [
        ['explain', '--model', model, '--instances', renamed, '--method', 'grad', '--out', join(dir, 'o.json')],
        1,
        /missing column\(s\) "x7".*unexpected|"x7"/,
      ],
      [
        ['explain', '--model', mlp, '--instances', narrow, '--method', 'grad', '--out', join(dir, 'o.json')],
        1,
        /3 feature columns.*takes 20/,
      ],
      [['explain', '--model', model, '--method', 'grad', '--out', join(dir, 'o.json')], 2, /--instances <csv> or --data/],
      [['explain', '--model', xcsv, '--instances', xcsv, '--method', 'grad', '--out', join(dir, 'o.json')], 1, /PARSE_ERROR/],
      [['explain', '--model', model, '--instances', xcsv, '--out', join(dir, 'o.json')], 2, /required option '--method/],
      [
        ['evaluate', '--json', '--model', model, '--instances', xcsv, '--attributions', join(dir, 'grad.json'), '--metric', 'XYZ'],
        2,
        /unknown metric "XYZ"/,
      ],
      [
        ['evaluate', '--json', '--model', mlp, '--instances', xcsv, '--attributions', join(dir, 'grad.json'), '--metric', 'FA'],
        2,
        /FA needs --ground-truth/,
      ],
      [
        ['evaluate', '--json', '--model', mlp, '--instances', narrow, '--attributions', join(dir, 'grad.json'), '--metric', 'FA'],
        1,
        /3 feature columns/,
      ],
    ];
    for (const [args, code, message] of cases) {
      const r = runCliSync(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
      expect(r.stderr).toMatch(/^xai: [^\n]+\n$/);
      expect(r.stderr).toMatch(message);
    }
  });
});
