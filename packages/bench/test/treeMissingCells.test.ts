// A tree model trained with missing values, on a user's CSV with empty / NaN / nan / NA cells, from
// the files as a user runs it: xai bench --data, xai explain and xai evaluate against XGBoost's own
// pred_contribs on the same rows (packages/trees/fixtures/make_missing_cells.py).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadUserDataset } from '@xai/data/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const FIXTURES = fileURLToPath(new URL('../../trees/fixtures/', import.meta.url));
const DATA = join(FIXTURES, 'missing_bench.csv');
const MODEL = join(FIXTURES, 'xgb_binary.json');
const xgb = (JSON.parse(readFileSync(join(FIXTURES, 'missing_cells.json'), 'utf8')) as { bench: { predContribs: number[][] } }).bench;
const dir = mkdtempSync(join(tmpdir(), 'xai-tree-missing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Within 1e-5 of the row's largest |value| of XGBoost's contributions (bias column included). */
function expectContribs(got: readonly number[], ref: readonly number[]): void {
  const tol = 1e-5 * Math.max(...ref.map(Math.abs));
  for (let j = 0; j < got.length; j++) expect(Math.abs(got[j]! - ref[j]!), `feature ${j}`).toBeLessThanOrEqual(tol);
}

const csvRows = (path: string): number[][] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').map(Number));

const run = (args: readonly string[]): string => {
  const r = runCliSync(args);
  if (r.code !== 0) throw new Error(`xai ${args[0]} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
};

describe('xai bench --data with missing cells and an XGBoost model trained with missing values', () => {
  const out = join(dir, 'run');
  const base = ['bench', '--data', DATA, '--label', 'y', '--model', MODEL, '--seed', '0', '--workers', '1', '--cache-dir', join(dir, 'c')];
  let stdout = '';
  beforeAll(() => {
    assertBuilt();
    stdout = run([...base, '--explainers', 'control,treeshap', '--save-explanations', '--out', out]);
  });

  it('reads the missing cells as NaN, and TreeSHAP on the test rows equals pred_contribs (1e-5 of the row max)', async () => {
    expect(stdout).toMatch(/missing cells in the test rows.*keep each missing cell missing/);
    const ds = await loadUserDataset(DATA, { label: 'y', seed: 0, missing: 'nan' });
    const lines = ds.sourceLines!.test;
    expect(Array.from(ds.raw.test.data).some(Number.isNaN)).toBe(true);
    const saved = csvRows(join(out, 'explanations', 'missing_bench-xgb_binary-treeshap.csv'));
    expect(saved.length).toBe(lines.length);
    let withMissing = 0;
    for (const [i, ...a] of saved) {
      const line = lines[i!]!;
      if (Array.from(ds.raw.test.data.subarray(i! * 8, i! * 8 + 8)).some(Number.isNaN)) withMissing++;
      expectContribs(a, xgb.predContribs[line - 2]!);
    }
    expect(withMissing).toBeGreaterThan(5);
  });

  it('scores every metric on every row, those with missing cells included', () => {
    const rows = readFileSync(join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { explainer: string; kind: string; metrics?: Record<string, number | null> });
    const scored = rows.filter((r) => r.kind === 'explainer' && r.explainer === 'treeshap');
    expect(scored.length).toBe(12);
    for (const r of scored) for (const m of ['PGI', 'PGU', 'RIS']) expect(Number.isFinite(r.metrics![m]), m).toBe(true);
  });

  it('methods that cannot take missing cells are refused naming the first cell; --missing error keeps the loader error', () => {
    const lime = runCliSync([...base, '--explainers', 'lime,treeshap', '--out', join(dir, 'lime')]);
    expect(lime.code).not.toBe(0);
    expect(lime.stderr).toMatch(
      /missing_bench\.csv holds missing cells \(the first in test row \d+, column "f\d"\).*lime cannot take them/,
    );
    const strict = runCliSync([...base, '--missing', 'error', '--out', join(dir, 'strict')]);
    expect(strict.code).not.toBe(0);
    expect(strict.stderr).toMatch(/missing_bench\.csv, line 2, column 4 \("f3"\): "nan"/);
  });
});

describe('xai bench --data with missing cells and the default explainers', () => {
  it('leaves out the explainers that cannot take missing cells, says so in one line, the manifest and the report', async () => {
    // the loader's own count of the train and test rows' missing cells (the validation rows aside)
    const ds = await loadUserDataset(DATA, { label: 'y', seed: 0, missing: 'nan' });
    const cells = [ds.raw.train, ds.raw.test].reduce((n, x) => n + Array.from(x.data).filter(Number.isNaN).length, 0);
    const out = join(dir, 'defaults');
    const stdout = run([
      'bench',
      '--data',
      DATA,
      '--label',
      'y',
      '--model',
      MODEL,
      '--seed',
      '0',
      '--workers',
      '1',
      '--cache-dir',
      join(dir, 'c'),
      '--out',
      out,
    ]);
    const lines = stdout.split('\n').filter((l) => l.startsWith('left out: '));
    expect(lines.length).toBe(1);
    expect(lines[0]).toContain(`the train and test rows of missing_bench.csv hold ${cells} missing cells`);
    expect(lines[0]).toMatch(/only treeshap, control take them.*left out of the default set: shap \(KernelSHAP\), lime \(LIME\)/);
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as {
      config: { explainers: string[] };
      identity: { explainers: string[] };
      settings: { leftOut: { explainers: string[]; metrics: string[]; reason: string } };
    };
    expect(manifest.config.explainers).toEqual(['control', 'treeshap']);
    expect(manifest.identity.explainers).toEqual(['control', 'treeshap']);
    expect(manifest.settings.leftOut.explainers).toEqual(['shap', 'lime']);
    expect(manifest.settings.leftOut.metrics).toEqual([]);
    expect(readFileSync(join(out, 'report.md'), 'utf8')).toContain(`Left out: ${manifest.settings.leftOut.reason}`);
    const explained = new Set(
      readFileSync(join(out, 'results.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { explainer: string }).explainer),
    );
    expect([...explained].filter((e) => !e.startsWith('floor-')).sort()).toEqual(['control', 'treeshap']);
  });
});

describe('xai explain and xai evaluate --instances with missing cells', () => {
  it('treeshap equals pred_contribs on every row; PGI and RIS score them, keeping each missing cell missing', () => {
    const attributions = join(dir, 'a.json');
    run(['explain', '--model', MODEL, '--instances', DATA, '--label', 'y', '--method', 'treeshap', '--out', attributions]);
    const file = JSON.parse(readFileSync(attributions, 'utf8')) as { attributions: number[][] };
    expect(file.attributions.length).toBe(60);
    file.attributions.forEach((a, i) => expectContribs(a, xgb.predContribs[i]!));
    for (const metric of ['PGI', 'RIS']) {
      const line = run([
        'evaluate',
        '--model',
        MODEL,
        '--instances',
        DATA,
        '--label',
        'y',
        '--attributions',
        attributions,
        '--metric',
        metric,
        '--json',
      ]);
      const r = JSON.parse(line) as { mean: number; values?: number[] };
      expect(Number.isFinite(r.mean), metric).toBe(true);
    }
  });
});
