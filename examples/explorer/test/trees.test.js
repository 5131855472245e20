// The explorer on a user's XGBoost model: packages/trees' fixture xgb_binary.json (saved by
// Booster.save_model) beside a CSV of rows made by fixtures/make_tree_rows.py, which also ran
// xgboost's predict and pred_contribs on them. The page reads the model with @xai/trees, offers
// TreeSHAP (not the gradient methods, with the registry's reason), and its TreeSHAP values and
// predictions equal XGBoost's own.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFile, onlyExplainer, openPage, runJob, screenshot, startBrowser, status, upload } from './support/page.js';

const ref = JSON.parse(readFileSync(new URL('../fixtures/tree_rows.json', import.meta.url), 'utf8'));
const modelFile = fileURLToPath(new URL(`../../../${ref.model}`, import.meta.url));
// packages/trees/fixtures/make_missing_cells.py: a CSV with missing cells (empty, NaN, nan, NA) and xgboost's answers on it.
const treeFixtures = new URL('../../../packages/trees/fixtures/', import.meta.url);
const missingCsv = fileURLToPath(new URL('missing_bench.csv', treeFixtures));
const missingRef = JSON.parse(readFileSync(new URL('missing_cells.json', treeFixtures), 'utf8')).bench;
let browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => browser?.close());

describe('explorer: an uploaded XGBoost model', () => {
  it('explains it with path-dependent TreeSHAP equal to pred_contribs; gradient methods are not offered', async () => {
    const { page, problems } = await openPage(browser);
    const lines = [[...ref.columns, 'y'].join(','), ...ref.x.map((r, i) => [...r.map(String), String(ref.y[i])].join(','))];
    await upload(page, csvFile('trees.csv', `${lines.join('\n')}\n`));
    // The user picks LR while the model file is still being read: the check finishing later keeps that pick.
    await page.setInputFiles('#onnx-file', modelFile);
    await page.selectOption('#model', 'lr');
    await page.waitForSelector('#onnx-status[data-kind=trees]');
    expect(await page.$eval('#model', (s) => s.value)).toBe('lr');
    expect(await page.$eval('input[name=explainer][value=grad]', (b) => b.disabled)).toBe(false);
    await page.selectOption('#model', 'onnx');
    expect(await page.$eval('#onnx-status', (s) => s.textContent)).toMatch(
      /^xgb_binary\.json: XGBoost JSON binary:logistic, \d+ trees over 8 features/,
    );
    const boxes = await page.$$eval('input[name=explainer]', (b) => b.map((x) => ({ id: x.value, on: x.checked, off: x.disabled })));
    expect(boxes.find((b) => b.id === 'grad')).toEqual({ id: 'grad', on: false, off: true });
    expect(boxes.find((b) => b.id === 'treeshap')).toEqual({ id: 'treeshap', on: true, off: false });
    expect(await page.$eval('#explainer-reasons', (r) => r.textContent)).toContain(
      'Gradient, Gradient x Input, SmoothGrad, Integrated Gradients: not offered; they read input gradients, and a tree ensemble is piecewise constant',
    );
    await onlyExplainer(page, 'treeshap');
    await page.fill('#instances', '50');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    expect(await page.$eval('#tree-summary', (s) => s.textContent)).toMatch(
      /\(TreeSHAP, path-dependent; covers from the model file\) · expected value of the margin: -?[\d.]+ \(class 1\)/,
    );
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    expect(result.rows.length).toBeGreaterThanOrEqual(5);
    const d = ref.columns.length;
    let worst = 0;
    for (const row of result.rows) {
      // the page explains raw values: find the fixture row
      const i = ref.x.findIndex((r) => r.every((v, j) => v === row.x[j]));
      expect(i).toBeGreaterThanOrEqual(0);
      const contribs = ref.predContribs[i];
      const scale = Math.max(...contribs.map(Math.abs));
      const phi = row.attributions.TreeSHAP;
      for (let j = 0; j < d; j++) worst = Math.max(worst, Math.abs(phi[j] - contribs[j]) / scale);
      // XGBoost's bias column is the expected margin
      worst = Math.max(worst, Math.abs(result.bases.TreeSHAP[1].base - contribs[d]) / scale);
      expect(row.probabilities[1]).toBeCloseTo(ref.predict[i], 6);
    }
    expect(worst).toBeLessThanOrEqual(1e-5);
    await screenshot(page, '12-xgboost-treeshap', '#results');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('explorer: an uploaded XGBoost model on a CSV with missing cells', () => {
  it('keeps the rows (missing cells as NaN): TreeSHAP equals pred_contribs, the control scores too; LIME is refused naming the first missing cell', async () => {
    const { page, problems } = await openPage(browser);
    // the CSV's feature cells as xgboost read them: every missing spelling NaN
    const csvRows = readFileSync(missingCsv, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) =>
        l
          .split(',')
          .slice(0, -1)
          .map((c) => (['', 'NaN', 'nan', 'NA'].includes(c) ? Number.NaN : Number(c))),
      );
    const missing = csvRows.flat().filter(Number.isNaN).length;
    await upload(page, missingCsv);
    expect(await page.$eval('body', (b) => b.dataset.state)).toBe('ready');
    expect(await page.$eval('#file-status', (s) => s.textContent)).toContain(
      `; ${missing} missing cells: kept (NaN) for a tree model file`,
    );
    await page.setInputFiles('#onnx-file', modelFile);
    await page.waitForSelector('#onnx-status[data-kind=trees]');
    await onlyExplainer(page, 'lime');
    await page.$eval('input[name=explainer][value=treeshap]', (b) => (b.checked = true));
    expect(await runJob(page)).toBe('error');
    expect((await status(page)).message).toMatch(
      /LIME cannot take missing cells, and the CSV holds some \(the first in test row \d+, column "f\d"\)/,
    );
    // the random control takes such rows too (its training rows: the observed cells)
    await onlyExplainer(page, 'control');
    await page.$eval('input[name=explainer][value=treeshap]', (b) => (b.checked = true));
    await page.fill('#instances', '100');
    expect(await runJob(page), (await status(page)).message).toBe('done');
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    const d = 8;
    let worst = 0;
    let withMissing = 0;
    for (const row of result.rows) {
      // the page's test rows are rows of the CSV: find each (NaN equals NaN)
      const x = row.x.map((v) => (v === null ? Number.NaN : v));
      const matches = csvRows.flatMap((r, i) => (r.every((v, j) => Object.is(v, x[j])) ? [i] : []));
      expect(matches.length).toBe(1);
      if (x.some(Number.isNaN)) withMissing++;
      const contribs = missingRef.predContribs[matches[0]];
      const scale = Math.max(...contribs.map(Math.abs));
      for (let j = 0; j < d; j++) worst = Math.max(worst, Math.abs(row.attributions.TreeSHAP[j] - contribs[j]) / scale);
      worst = Math.max(worst, Math.abs(result.bases.TreeSHAP[1].base - contribs[d]) / scale);
      expect(row.probabilities[1]).toBeCloseTo(missingRef.predict[matches[0]], 6);
    }
    expect(result.rows.length).toBe(12);
    expect(withMissing).toBeGreaterThan(5);
    expect(worst).toBeLessThanOrEqual(1e-5);
    for (const metric of ['PGI', 'PGU'])
      for (const e of ['TreeSHAP', 'Random (control)'])
        expect(Number.isFinite(result.cells.find((c) => c.metric === metric && c.explainer === e)?.mean), `${e} ${metric}`).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
