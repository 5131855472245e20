// `--preset quantus` and `--preset captum` through the built CLI: the data and the models are the
// default preset's (same hashes), the explainers run @xai/explainers' captum row (Saliency's
// abs=True: |grad|), and every extended metric is scored under the peer preset. The values are
// checked against Quantus' Sparseness written out here (whole-batch max normalisation, |·|,
// +1e-7, Gini) and against the @xai/metrics registry called with the same preset on the saved
// attributions.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PRESETS, contiguous, matrix, rowBlock } from '@xai/core';
import type { Matrix } from '@xai/core';
import { extendedMetrics } from '@xai/metrics';
import { parseModelJson } from '@xai/models';
import { generateSynthGauss, synthGaussPreset } from '@xai/synth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../src/config/benchConfig.js';
import { PRESETS } from '../src/config/ids.js';
import { presetLine, presetStages, protocolPreset } from '../src/config/presetStages.js';
import { assertBuilt, runCliSync } from './spawnCli.js';

const dir = mkdtempSync(join(tmpdir(), 'xai-peer-presets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cache = join(dir, 'cache');
const N = 6;

interface Run {
  readonly manifest: {
    datasets: { hash: string }[];
    models: { hash: string; path: string }[];
    settings: Record<string, unknown> & { metrics: Record<string, unknown> };
  };
  readonly values: (metric: string) => number[];
  readonly attributions: Matrix;
}

const runs = new Map<string, Run>();

/** One bench run per (preset, metrics), kept for the tests that read it. */
function bench(preset: string, metrics: string): Run {
  const key = `${preset}-${metrics}`;
  const done = runs.get(key);
  if (done !== undefined) return done;
  const run = benchRun(preset, metrics);
  runs.set(key, run);
  return run;
}

function benchRun(preset: string, metrics: string): Run {
  const out = join(dir, `${preset}-${metrics}`);
  const r = runCliSync([
    'bench',
    '--preset',
    preset,
    '--metrics',
    metrics,
    '--explainers',
    'grad',
    '--models',
    'lr',
    '--instances',
    String(N),
    '--workers',
    '1',
    '--save-explanations',
    '--cache-dir',
    cache,
    '--out',
    out,
  ]);
  if (r.code !== 0) throw new Error(r.stderr);
  const rows = readFileSync(join(out, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { explainer: string; kind: string; instance: number; metrics: Record<string, number> })
    .filter((l) => l.explainer === 'grad' && l.kind === 'explainer')
    .sort((a, b) => a.instance - b.instance);
  const bytes = readFileSync(join(out, 'explanations', 'synthetic-lr-grad.f64'));
  const data = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const a = matrix(N, data.length / N);
  a.data.set(data);
  return {
    manifest: JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')),
    values: (m) => rows.map((l) => l.metrics[m]!),
    attributions: a,
  };
}

const rowsOf = (m: Matrix): number[][] =>
  Array.from({ length: m.rows }, (_, i) => Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols)));

/** Gini index of sorted non-negative values (Quantus' and Hurley & Rickard's form). */
function gini(v: readonly number[]): number {
  const a = [...v].sort((x, y) => x - y);
  const d = a.length;
  const total = a.reduce((s, x) => s + x, 0);
  return a.reduce((s, x, k) => s + (2 * (k + 1) - d - 1) * x, 0) / (d * total);
}

/** Quantus' Sparseness on a batch: divide by the batch's largest |a|, take |·|, add 1e-7, then the Gini index per row. */
function quantusSparseness(rows: readonly (readonly number[])[]): number[] {
  const max = Math.max(...rows.flat().map(Math.abs));
  return rows.map((r) => gini(r.map((v) => Math.abs(v / max) + 1e-7)));
}

const relErr = (a: number, b: number): number => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

describe('xai bench --preset quantus', () => {
  let q: Run;
  let d: Run;
  beforeAll(() => {
    assertBuilt();
    q = bench('quantus', 'SPARSENESS');
    d = bench('default', 'SPARSENESS');
  });

  it('runs the default data and models (same hashes), and the manifest says what each stage followed', () => {
    expect(q.manifest.datasets[0]!.hash).toBe(d.manifest.datasets[0]!.hash);
    expect(q.manifest.models[0]!.hash).toBe(d.manifest.models[0]!.hash);
    expect(q.manifest.settings.presets).toMatchObject({
      preset: 'quantus',
      data: 'default',
      models: 'default',
      openxaiMetrics: 'default',
      explainers: 'captum',
      extendedMetrics: 'quantus',
    });
    expect(q.manifest.settings.metrics).toMatchObject({ preset: 'default', extendedPreset: 'quantus' });
    expect(d.manifest.settings.presets).toBeUndefined();
    expect(d.manifest.settings.metrics.extendedPreset).toBeUndefined();
    // The bench's class convention, in the words xai explain's help quotes beside its own (classRule.ts).
    expect(d.manifest.settings.explainedClass).toMatch(
      /^each row's predicted class under every preset .*class 1 of a binary classifier under the default preset$/,
    );
  });

  it("explains with Captum's Saliency default abs=True: |grad| of the default run, element for element", () => {
    expect([...q.attributions.data]).toEqual([...d.attributions.data].map(Math.abs));
    expect([...d.attributions.data].some((v) => v < 0)).toBe(true);
  });

  it("scores SPARSENESS as Quantus does (batch max, +1e-7) and as @xai/metrics under preset 'quantus'", () => {
    const closed = quantusSparseness(rowsOf(q.attributions));
    const metricsCall = extendedMetrics.SPARSENESS.evaluate({ x: q.attributions, attributions: q.attributions }, { preset: 'quantus' });
    q.values('SPARSENESS').forEach((v, i) => {
      expect(relErr(v, closed[i]!)).toBeLessThan(1e-12);
      expect(v).toBe(metricsCall.values[i]);
    });
  });

  it('differs from --preset default, where each row is the Gini index of |grad| (one value: every row is a multiple of w1 − w0)', () => {
    const dv = d.values('SPARSENESS');
    const qv = q.values('SPARSENESS');
    dv.forEach((v, i) => expect(relErr(v, gini(rowsOf(d.attributions)[i]!.map(Math.abs)))).toBeLessThan(1e-12));
    // Rows with a smaller gradient gain more from the 1e-7 shift after the batch normalisation.
    const spread = Math.max(...qv) - Math.min(...qv);
    expect(Math.max(...dv) - Math.min(...dv)).toBeLessThan(1e-12);
    expect(spread).toBeGreaterThan(1e-9);
  });
});

describe('xai evaluate --preset quantus on a constructed case', () => {
  it("SPARSENESS of [1, 0, …] and [1e-6, 0, …]: Quantus' batch normalisation lowers the second row; default scores both alike", () => {
    assertBuilt();
    const D = 20;
    const names = Array.from({ length: D }, (_, j) => `x${j}`);
    const rows = [names.map((_, j) => (j === 0 ? 1 : 0)), names.map((_, j) => (j === 0 ? 1e-6 : 0))];
    const xcsv = join(dir, 'x2.csv');
    writeFileSync(xcsv, `${names.join(',')}\n${rows.map(() => names.map(() => 0.5).join(',')).join('\n')}\n`);
    const attr = join(dir, 'a2.json');
    // Made by hand (no record of a model): scored by feature name with --allow-foreign-attributions.
    writeFileSync(attr, JSON.stringify({ method: 'grad', preset: 'default', features: names, attributions: rows }));
    const model = bench('default', 'SPARSENESS').manifest.models[0]!.path;
    const evaluate = (preset: string) => {
      const r = runCliSync([
        'evaluate',
        '--json',
        '--model',
        model,
        '--instances',
        xcsv,
        '--attributions',
        attr,
        '--metric',
        'SPARSENESS',
        '--preset',
        preset,
        '--allow-foreign-attributions',
      ]);
      if (r.code !== 0) throw new Error(r.stderr);
      return JSON.parse(r.stdout) as { values: number[]; presets?: Record<string, string> };
    };
    const q = evaluate('quantus');
    const d = evaluate('default');
    const closed = quantusSparseness(rows);
    q.values.forEach((v, i) => expect(relErr(v, closed[i]!)).toBeLessThan(1e-12));
    expect(q.values[1]).toBeLessThan(0.6);
    expect(d.values).toEqual([(D - 1) / D, (D - 1) / D]);
    expect(q.presets).toMatchObject({ explainers: 'captum', extendedMetrics: 'quantus', openxaiMetrics: 'default' });
    expect(d.presets).toBeUndefined();
  });
});

describe('xai bench --preset captum', () => {
  it("scores INFIDELITY on logits: equal to @xai/metrics under preset 'captum' (and output 'logit'), not to the probability", () => {
    assertBuilt();
    const c = bench('captum', 'INFIDELITY');
    expect(c.manifest.settings.presets).toMatchObject({ explainers: 'captum', extendedMetrics: 'captum', data: 'default' });
    const model = parseModelJson(readFileSync(c.manifest.models[0]!.path, 'utf8'));
    const test = generateSynthGauss(synthGaussPreset('default')).test.x;
    const x = contiguous(rowBlock(test, 0, N), true);
    const input = { model, x, attributions: c.attributions };
    const captum = extendedMetrics.INFIDELITY.evaluate(input, { preset: 'captum', seed: 0 }).values;
    const logit = extendedMetrics.INFIDELITY.evaluate(input, { preset: 'captum', output: 'logit', seed: 0 }).values;
    const probability = extendedMetrics.INFIDELITY.evaluate(input, { preset: 'captum', output: 'probability', seed: 0 }).values;
    c.values('INFIDELITY').forEach((v, i) => {
      expect(v).toBe(captum[i]);
      expect(v).toBe(logit[i]);
      expect(relErr(v, probability[i]!)).toBeGreaterThan(1e-3);
    });
  });
});

describe('an unknown preset', () => {
  it.each([
    ['bench', '--preset', 'fast'],
    ['evaluate', '--json', '--model', 'm.json', '--instances', 'x.csv', '--attributions', 'a.json', '--metric', 'FA', '--preset', 'fast'],
    ['explain', '--model', 'm.json', '--instances', 'x.csv', '--method', 'grad', '--out', 'a.json', '--preset', 'fast'],
  ])('xai %s … --preset fast fails naming the flag and every choice', (...args) => {
    const r = runCliSync(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/preset/);
    expect(r.stderr).toMatch(/default, openxai, paper, quantus or captum.*"fast"/);
  });
});

describe('the preset in a config file and the stage table', () => {
  it('takes "preset": "quantus" or "captum" from the config file (float64); the choices are core\'s ALL_PRESETS', () => {
    for (const preset of ['quantus', 'captum'] as const) {
      const c = resolveBenchConfig({ preset }, {}, { cwd: dir, cores: 1 });
      expect([c.preset, c.precision]).toEqual([preset, 'float64']);
    }
    expect(() => resolveBenchConfig({ preset: 'fast' }, {}, { cwd: dir, cores: 1 })).toThrow(/preset.*quantus or captum/);
    expect([...PRESETS]).toEqual([...ALL_PRESETS]);
  });

  it('maps a peer preset to default for data, models and the eleven, and keeps OpenXAI presets as they are', () => {
    expect(PRESETS.map(protocolPreset)).toEqual(['default', 'openxai', 'paper', 'default', 'default']);
    expect(presetStages('openxai')).toMatchObject({ data: 'openxai', explainers: 'openxai', extendedMetrics: 'default' });
    expect(presetStages('captum')).toMatchObject({ data: 'default', explainers: 'captum', extendedMetrics: 'captum' });
    expect(presetLine('paper')).toBe('paper');
    expect(presetLine('quantus')).toMatch(/^quantus \(.*default.*captum row.*extended metrics: quantus\)$/);
  });
});

describe('xai train --preset quantus / captum', () => {
  beforeAll(() => assertBuilt());

  /** Trains synthetic LR under a preset, each in its own cache (so nothing is shared but the code). */
  function train(preset: string) {
    const out = join(dir, `train-${preset}`);
    const r = runCliSync(['train', '--preset', preset, '--models', 'lr', '--cache-dir', join(dir, `train-cache-${preset}`), '--out', out]);
    if (r.code !== 0) throw new Error(r.stderr);
    const manifest = JSON.parse(readFileSync(join(out, 'models.json'), 'utf8')) as {
      preset: string;
      presets?: Record<string, string>;
      models: { settings: unknown; sha256: string }[];
    };
    return { stderr: r.stderr, manifest, model: readFileSync(join(out, 'synthetic-lr.json'), 'utf8') };
  }

  it("says data and models run default's settings, trains the same model as --preset default, and models.json records it", () => {
    const d = train('default');
    expect(d.stderr).toBe('');
    expect(d.manifest.preset).toBe('default');
    expect(d.manifest.presets).toBeUndefined();
    for (const preset of ['quantus', 'captum']) {
      const p = train(preset);
      expect(p.stderr).toMatch(
        new RegExp(`^xai: note: --preset ${preset} sets only the explainers .*data and models use the default preset`),
      );
      expect(p.manifest.preset).toBe(preset);
      expect(p.manifest.presets).toEqual({ preset, data: 'default', models: 'default' });
      expect(p.model).toBe(d.model);
      expect(p.manifest.models[0]!.settings).toEqual(d.manifest.models[0]!.settings);
    }
  });
});
