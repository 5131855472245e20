// The explorer in a real headless Chromium, as a user drives it: open the built page from
// disk, upload a CSV, pick the label, run, see non-empty charts, click an instance and see its
// attributions; no console errors; screenshots saved as artefacts.
import { readFileSync } from 'node:fs';
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
    // The one-screen verdict: an LR against its own weights cannot be tested (the report's words), PGI/PGU neither.
    const verdicts = await page.$$eval('#verdict-table tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(verdicts[0]).toEqual(['explainer', 'FA ↑', 'RA ↑', 'SA ↑', 'SRA ↑', 'RC ↑', 'PRA ↑', 'PGI ↑', 'PGU ↓']);
    expect(verdicts.slice(1).map((r) => r[0])).toEqual(['Gradient', 'Integrated Gradients', 'LIME']);
    for (const r of verdicts.slice(1)) for (const cell of r.slice(1)) expect(cell).toMatch(/^−?\d+\.\d+ ○$/);
    const reasons = await page.$$eval('#verdicts ul.reasons li', (li) => li.map((l) => l.textContent));
    expect(reasons[0]).toMatch(/^LR: the global floor is the model's own weights, which are the ground truth/);
    // every column is continuous and gets the same noise: ranking by |weight| is the best PGU/PGI ranking
    expect(reasons[1]).toMatch(/^LR with every feature perturbed alike \(all continuous, one noise scale\)/);
    // Every dot of a metric chart has its values on hover: score ± SE, the controls, the lifts, the verdict.
    const hover = await page.$$eval('#chart-PGI svg title', (t) => t.map((x) => x.textContent));
    expect(hover).toHaveLength(3);
    expect(hover[0]).toMatch(
      /^Gradient PGI \d\.\d+ ± \d\.\d+ · null \d\.\d+ ± \d\.\d+ · floor \d\.\d+ ± \d\.\d+ · lift vs floor .* · ○ not testable here: LR/,
    );
    // The scores as CSV, downloaded as a file: one line per explainer and metric, full precision.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.click('#export-csv')]);
    const lines = readFileSync(await csv.path(), 'utf8')
      .trim()
      .split('\n');
    expect(csv.suggestedFilename()).toBe('xai-loans.csv-lr-scores.csv');
    expect(lines[0]).toBe(
      'metric,explainer,mean,se,count,null,nullSe,floor,floorSe,floorExplainer,liftOverFloor,liftOverFloorSe,liftOverNull,liftOverNullSe,verdict,verdictDetail',
    );
    expect(lines).toHaveLength(1 + 3 * 8);
    const result = await page.evaluate(() => globalThis.xaiExplorer.result);
    const fa = result.cells.find((c) => c.metric === 'FA' && c.explainer === 'Gradient');
    expect(lines).toContain(
      `FA,Gradient,${fa.mean},${fa.se},${fa.count},${fa.null},${fa.nullSe},${fa.floor},${fa.floorSe},${fa.floorId},${fa.liftOverFloor},${fa.liftOverFloorSe},${fa.liftOverNull},${fa.liftOverNullSe},not testable here,"${fa.verdict.detail}"`,
    );
    const [json] = await Promise.all([page.waitForEvent('download'), page.click('#export-json')]);
    const saved = JSON.parse(readFileSync(await json.path(), 'utf8'));
    expect(saved.cells).toEqual(result.cells);
    expect(saved.rows).toHaveLength(20);
    await screenshot(page, 'explorer-results');

    await page.click('tr.instance-row[data-index="3"]');
    // The charts arrive one per frame; the box is aria-busy until the last one is in.
    await page.waitForSelector('#instance[aria-busy=false] #instance-3');
    // One waterfall per explainer (Gradient, IG, LIME): a bar per feature, its value on the axis label, the base value.
    expect(await page.$$eval('#instance-3 figure.instance-chart svg', (s) => s.length)).toBe(3);
    const bars = await page.$$eval('#instance-3 svg path, #instance-3 svg rect', (m) => m.length);
    expect(bars).toBeGreaterThan(3 * 5);
    const ig = await page.$eval('#instance-3 figure.instance-chart:nth-child(2)', (f) => f.textContent);
    expect(ig).toMatch(/base \d\.\d+ = output at its baseline/);
    expect(ig).toMatch(/age = \d/);
    // The most important feature by Gradient for a planted age/income rule is age or income.
    const top = await page.$eval('tr.instance-row[data-index="3"]', (r) => r.children[3].textContent);
    expect(['age', 'income']).toContain(top);
    await screenshot(page, 'explorer-instance');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs SynthGauss with the ANN and ground-truth metrics: verdicts, waterfalls and summaries; no console errors', async () => {
    const { page, problems } = await openPage();
    await page.fill('#instances', '50');
    await page.click('#run');
    await page.waitForSelector('body[data-state=done], body[data-state=error]', { timeout: 0 });
    expect(await page.$eval('body', (b) => b.dataset.state)).toBe('done');
    expect(await page.$eval('#summary', (s) => s.textContent)).toMatch(/SynthGauss · ANN .* ground truth: generator/);
    expect(await page.$$eval('#charts figure.chart svg', (s) => s.length)).toBe(8);
    // On the ANN every metric can be tested: each cell is the value and ✓ or ✕, no reason listed.
    const cells = await page.$$eval('#verdict-table td', (td) => td.map((t) => t.textContent));
    expect(cells).toHaveLength(3 * 8);
    for (const c of cells) expect(c).toMatch(/^−?\d+\.\d+ [✓✕]$/);
    expect(await page.$$eval('#verdicts ul.reasons li', (li) => li.length)).toBe(0);
    // A summary per explainer: a dot per instance and feature shown (at most 10 features), its values on hover.
    const dots = await page.$$eval('#summaries figure:first-child svg title', (t) => t.map((x) => x.textContent));
    expect(dots).toHaveLength(50 * 10);
    expect(dots[0]).toMatch(/^#\d+ x\d+ = −?\d/);
    await page.waitForSelector('#instance[aria-busy=false]');
    await screenshot(page, '7-verdicts', '#verdicts');
    await screenshot(page, '8-waterfall', '#instance figure.instance-chart >> nth=0');
    await screenshot(page, '9-summary', '#summaries figure >> nth=0');
    expect(problems).toEqual([]);
    await page.close();
  });
});
