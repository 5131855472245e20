// report.html in a real headless Chromium (launchChromium: XAI_CHROMIUM, a system Chromium, or
// the one shipped in the @sparticuz/chromium npm package — XAI_BROWSER=npm forces that one):
// loads with no console errors, every chart is a non-empty SVG, the table of contents jumps to
// its section, the per-instance drill-down opens; screenshots go to artifacts/ (CI artefacts).
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '@xai/testing-browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../src/config/benchConfig.js';
import { runBench } from '../src/run/runBench.js';

const SKIP = process.env.XAI_SKIP_BROWSER === '1';
const ARTIFACTS = fileURLToPath(new URL('../artifacts', import.meta.url));

describe.skipIf(SKIP)('report.html in headless Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let url = '';
  let html = '';
  beforeAll(async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'xai-html-')), 'run');
    // adult has a sensitive attribute in the toy engine, so subgroup charts are drawn too.
    const config = resolveBenchConfig({}, { datasets: 'synthetic,adult', instances: '12', explainers: 'grad,ig,lime', out, workers: '2' });
    await runBench(config, {
      engine: new URL('../src/__fixtures__/toyEngine.ts', import.meta.url),
      log: () => {},
      progressStream: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream,
    });
    html = readFileSync(join(out, 'report.html'), 'utf8');
    url = pathToFileURL(join(out, 'report.html')).href;
    browser = await launchChromium();
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open() {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`network request: ${r.url()}`);
    });
    await page.goto(url, { waitUntil: 'load' });
    return { page, problems };
  }

  it('loads without console errors, renders every chart, and is screenshotted', async () => {
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/); // self-contained: no script, no remote resource
    const { page, problems } = await open();
    const charts = await page.$$eval('figure.chart', (figs) =>
      figs.map((f) => {
        const svg = f.querySelector('svg');
        const box = svg?.getBoundingClientRect();
        return {
          id: f.id,
          width: box?.width ?? 0,
          height: box?.height ?? 0,
          marks: svg ? svg.querySelectorAll('path, rect, line').length : 0,
        };
      }),
    );
    // 2 datasets x 2 models x 11 metrics (RRS absent for LR) + subgroup charts for adult
    expect(charts.filter((c) => c.id.startsWith('chart-')).length).toBe(2 * (11 + 10));
    expect(charts.filter((c) => c.id.startsWith('subgroup-adult')).length).toBeGreaterThan(0);
    for (const c of charts) {
      expect(c.width, c.id).toBeGreaterThan(50);
      expect(c.height, c.id).toBeGreaterThan(50);
      expect(c.marks, c.id).toBeGreaterThan(5);
    }
    expect(await page.$$eval('table', (t) => t.length)).toBeGreaterThanOrEqual(4);
    await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('each section opens with its overview picture: a cell per method (and floor) and metric', async () => {
    const { page, problems } = await open();
    const overviews = await page.$$eval('section.pair', (sections) =>
      sections.map((sec) => {
        const first = sec.querySelector('h2')?.nextElementSibling;
        return {
          id: sec.id,
          first: first?.className,
          cells: first?.querySelectorAll('path[aria-roledescription="rect mark"]').length ?? 0,
          width: first?.querySelector('svg')?.getBoundingClientRect().width ?? 0,
        };
      }),
    );
    // 3 explainers + the floor row, x 11 metrics (10 on LR: no RRS).
    expect(overviews).toEqual([
      { id: 'synthetic-lr', first: 'overview', cells: 4 * 10, width: expect.any(Number) },
      { id: 'synthetic-ann', first: 'overview', cells: 4 * 11, width: expect.any(Number) },
      { id: 'adult-lr', first: 'overview', cells: 4 * 10, width: expect.any(Number) },
      { id: 'adult-ann', first: 'overview', cells: 4 * 11, width: expect.any(Number) },
    ]);
    for (const o of overviews) expect(o.width, o.id).toBeGreaterThan(300);
    await (await page.$('#overview-adult-ann'))!.screenshot({ path: join(ARTIFACTS, 'report-overview.png') });
    // The drill-down names each instance's group where the dataset has a sensitive attribute, and has no group column elsewhere.
    const groups = await page.$$eval('#drill-adult-ann tbody tr', (trs) => trs.map((t) => t.children[1]?.textContent));
    expect(new Set(groups)).toEqual(new Set(['female', 'male']));
    expect(await page.$$eval('#drill-synthetic-ann thead th', (ths) => ths.map((t) => t.textContent))).not.toContain('group');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the table of contents jumps to each section', async () => {
    const { page, problems } = await open();
    const links = await page.$$eval('nav#toc a', (as) => as.map((a) => a.getAttribute('href')));
    expect(links).toEqual([
      '#verdicts',
      '#legend',
      '#synthetic-lr',
      '#synthetic-ann',
      '#adult-lr',
      '#adult-ann',
      '#leaderboard',
      '#receipt',
    ]);
    for (const target of ['#adult-ann', '#leaderboard']) {
      await page.click(`nav#toc a[href="${target}"]`);
      await page.waitForFunction((h) => (globalThis as unknown as { location: { hash: string } }).location.hash === h, target);
      // The section's heading is now at the top of the viewport.
      const top = await page.$eval(target, (el) => el.getBoundingClientRect().top);
      expect(Math.abs(top), target).toBeLessThan(5);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'report-leaderboard.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the per-instance drill-down opens and shows the instances from results.jsonl', async () => {
    const { page, problems } = await open();
    const drill = '#drill-adult-ann';
    expect(await page.$eval(drill, (d) => (d as unknown as { open: boolean }).open)).toBe(false);
    expect(await page.isVisible(`${drill} table`)).toBe(false);
    await page.click(`${drill} > summary`);
    expect(await page.$eval(drill, (d) => (d as unknown as { open: boolean }).open)).toBe(true);
    expect(await page.isVisible(`${drill} table`)).toBe(true);
    // 12 instances x 3 explainers, each row naming its instance in its first cell.
    const instances = await page.$$eval(`${drill} tbody tr`, (trs) => trs.map((t) => Number(t.children[0]!.textContent)));
    expect(instances).toHaveLength(12 * 3);
    expect(new Set(instances)).toEqual(new Set(Array.from({ length: 12 }, (_, i) => i)));
    await page.$eval(drill, (d) => d.scrollIntoView());
    await page.screenshot({ path: join(ARTIFACTS, 'report-drilldown.png') });
    expect(problems).toEqual([]);
    await page.close();
  });
});
