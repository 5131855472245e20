// The explorer in headless Chromium on a user's own ONNX export: a torch LayerNorm/GELU/residual
// MLP (float32, opset 17; @xai/onnx's fixtures/f32, trained on breast cancer in raw units) with
// the CSV of its rows. The page runs it on @xai/onnx's interpreter and explains it with exact
// gradients: each explained row's Gradient equals torch autograd in float64 (the fixture's).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFile, openPage, pickLabel, startBrowser, upload } from './support/page.js';

const fixture = (ext) => fileURLToPath(new URL(`../../../packages/onnx/fixtures/f32/ln_gelu_residual.${ext}`, import.meta.url));
const ref = JSON.parse(readFileSync(fixture('json'), 'utf8'));
let browser;

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => browser?.close());

describe('explorer: an uploaded ONNX model', () => {
  it('loads a LayerNorm/GELU .onnx, explains it with exact gradients equal to torch autograd', async () => {
    const { page, problems } = await openPage(browser);
    const lines = [[...ref.columns, 'y'].join(','), ...ref.x.map((r, i) => [...r.map(String), String(ref.y[i])].join(','))];
    await upload(page, csvFile('cancer.csv', `${lines.join('\n')}\n`));
    await pickLabel(page, 'y');
    await page.setInputFiles('#onnx-file', fixture('onnx'));
    await page.waitForSelector('#onnx-status[data-kind=network]');
    expect(await page.$eval('#model', (s) => s.value)).toBe('onnx');
    await page.selectOption('#target', 'predicted');
    for (const box of await page.$$('input[name=explainer]:checked')) await box.uncheck();
    await page.check('input[name=explainer][value=grad]');
    await page.fill('#instances', '5');
    await page.click('#run');
    await page.waitForSelector('body[data-state=done], body[data-state=error]', { timeout: 0 });
    expect(await page.$eval('body', (b) => b.dataset.state), await page.$eval('#message', (m) => m.textContent)).toBe('done');
    expect(await page.$eval('#summary', (s) => s.textContent)).toMatch(
      /cancer\.csv · ln_gelu_residual\.onnx \(exact gradients\) · test accuracy/,
    );
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    expect(result.rows.length).toBeGreaterThanOrEqual(5);
    const scale = Math.max(...ref.gradient64.flat().map(Math.abs));
    let worst = 0;
    for (const row of result.rows) {
      // the page shows raw values: find the fixture row
      const i = ref.x.findIndex((r) => r.every((v, j) => v === row.x[j]));
      expect(i).toBeGreaterThanOrEqual(0);
      expect(row.predicted).toBe(ref.targets[i]);
      const g = row.attributions.Gradient;
      for (let j = 0; j < g.length; j++) worst = Math.max(worst, Math.abs(g[j] - ref.gradient64[i][j]) / scale);
    }
    expect(worst).toBeLessThanOrEqual(1e-10);
    expect(problems).toEqual([]);
    await page.close();
  });
});
