// report.html in a real headless Chromium: loads with no console errors, every chart is a
// non-empty SVG, and a screenshot is saved to artifacts/ (a CI artefact).
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { resolveBenchConfig } from '../src/benchConfig';
import { runBench } from '../src/runBench';

const CHROMIUM = process.env.XAI_CHROMIUM ?? '/usr/bin/chromium';
const SKIP = process.env.XAI_SKIP_BROWSER === '1';
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe.skipIf(SKIP)('report.html in headless Chromium', () => {
  it('loads without console errors, renders every chart, and is screenshotted', async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`Chromium not found at ${CHROMIUM}: install it (apt-get install -y chromium), point XAI_CHROMIUM at it, or set XAI_SKIP_BROWSER=1 to skip this test`);
    }
    const out = join(mkdtempSync(join(tmpdir(), 'xai-html-')), 'run');
    // adult has a sensitive attribute in the toy engine, so subgroup charts are drawn too.
    const config = resolveBenchConfig({}, { datasets: 'synthetic,adult', instances: '12', explainers: 'grad,ig,lime', out, workers: '2' });
    await runBench(config, { engine: new URL('../src/__fixtures__/toyEngine.ts', import.meta.url), log: () => {}, progressStream: { write: () => true, isTTY: false } as unknown as NodeJS.WriteStream });
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/); // self-contained: no script, no remote resource

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems: string[] = [];
      page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
      page.on('pageerror', (e) => problems.push(e.message));
      page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) problems.push(`network request: ${r.url()}`); });
      await page.goto(pathToFileURL(join(out, 'report.html')).href, { waitUntil: 'load' });
      const charts = await page.$$eval('figure.chart', (figs) => figs.map((f) => {
        const svg = f.querySelector('svg');
        const box = svg?.getBoundingClientRect();
        return { id: f.id, width: box?.width ?? 0, height: box?.height ?? 0, marks: svg ? svg.querySelectorAll('path, rect, line').length : 0 };
      }));
      // 2 datasets x 2 models x 11 metrics (RRS absent for LR) + subgroup charts for adult
      expect(charts.filter((c) => c.id.startsWith('chart-')).length).toBe(2 * (11 + 10));
      expect(charts.filter((c) => c.id.startsWith('subgroup-adult')).length).toBeGreaterThan(0);
      for (const c of charts) {
        expect(c.width, c.id).toBeGreaterThan(50);
        expect(c.height, c.id).toBeGreaterThan(50);
        expect(c.marks, c.id).toBeGreaterThan(5);
      }
      expect(await page.$$eval('table', (t) => t.length)).toBeGreaterThanOrEqual(4);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'report.png'), fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
