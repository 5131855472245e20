// The explorer in a real headless Chromium, as a user drives it: open the built page from
// disk, upload a CSV, pick the label, run, see non-empty charts, click an instance and see its
// attributions; no console errors; screenshots saved as artefacts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvFile, openPage as open, screenshot, startBrowser, upload } from './support/page.js';

let browser;

/** A CSV whose label is a known function of two of its five columns (so LR recovers them). */
function plantedCsv(rows = 400) {
  let s = 1;
  const rand = () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
  const lines = ['age,income,noise_a,noise_b,score,approved'];
  for (let i = 0; i < rows; i++) {
    const v = [rand() * 60 + 20, rand() * 1e5, rand(), rand(), rand() * 10];
    const z = 0.08 * (v[0] - 50) - 4e-5 * (v[1] - 5e4) + 0.1 * (rand() - 0.5);
    lines.push([...v.map((x) => x.toFixed(4)), z > 0 ? 1 : 0].join(','));
  }
  return `${lines.join('\n')}\n`;
}

beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => browser?.close());

const openPage = () => open(browser);

describe('explorer page in headless Chromium', () => {
  it('uploads a CSV, trains LR in a worker, charts every metric, drills into an instance', async () => {
    const { page, problems } = await openPage();
    await upload(page, csvFile('loans.csv', plantedCsv()));
    expect(await page.$$eval('#label option', (o) => o.length)).toBe(6);
    expect(await page.$eval('#label', (s) => s.value)).toBe('approved');
    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '20');
    // The UI stays responsive while the worker computes: the progress bar moves.
    await page.click('#run');
    await page.waitForFunction(() => Number(document.querySelector('#progress').value) > 0);
    await page.waitForSelector('body[data-state=done], body[data-state=error]', { timeout: 0 });
    expect(await page.$eval('body', (b) => b.dataset.state), await page.$eval('#message', (m) => m.textContent)).toBe('done');
    const charts = await page.$$eval('#charts figure.chart', (figs) =>
      figs.map((f) => ({
        id: f.id,
        marks: f.querySelectorAll('svg path, svg rect, svg line').length,
        w: f.querySelector('svg')?.getBoundingClientRect().width ?? 0,
      })),
    );
    // LR ground truth = its own weights, so all eight metrics (six agreement + PGI + PGU) are drawn.
    expect(charts.map((c) => c.id).sort()).toEqual(['FA', 'PGI', 'PGU', 'PRA', 'RA', 'RC', 'SA', 'SRA'].map((m) => `chart-${m}`).sort());
    for (const c of charts) {
      expect(c.marks, c.id).toBeGreaterThan(5);
      expect(c.w, c.id).toBeGreaterThan(100);
    }
    const summary = await page.$eval('#summary', (s) => s.textContent);
    expect(summary).toMatch(/loans\.csv · logistic regression · test accuracy 0\.(8|9)\d\d/);
    await screenshot(page, 'explorer-results');

    await page.click('tr.instance-row[data-index="3"]');
    // The charts arrive one per frame; the box is aria-busy until the last one is in.
    await page.waitForSelector('#instance[aria-busy=false] #instance-3');
    // One chart per explainer (Gradient, IG, LIME), each with a bar per feature.
    expect(await page.$$eval('#instance-3 figure.instance-chart svg', (s) => s.length)).toBe(3);
    const bars = await page.$$eval('#instance-3 svg path, #instance-3 svg rect', (m) => m.length);
    expect(bars).toBeGreaterThan(3 * 5);
    // The most important feature by Gradient for a planted age/income rule is age or income.
    const top = await page.$eval('tr.instance-row[data-index="3"]', (r) => r.children[3].textContent);
    expect(['age', 'income']).toContain(top);
    await screenshot(page, 'explorer-instance');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs SynthGauss with the ANN and ground-truth metrics, no console errors', async () => {
    const { page, problems } = await openPage();
    await page.fill('#instances', '10');
    await page.click('#run');
    await page.waitForSelector('body[data-state=done], body[data-state=error]', { timeout: 0 });
    expect(await page.$eval('body', (b) => b.dataset.state)).toBe('done');
    expect(await page.$eval('#summary', (s) => s.textContent)).toMatch(/SynthGauss · ANN .* ground truth: generator/);
    expect(await page.$$eval('#charts figure.chart svg', (s) => s.length)).toBe(8);
    expect(problems).toEqual([]);
    await page.close();
  });
});
