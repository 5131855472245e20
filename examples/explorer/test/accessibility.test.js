// The page for keyboard and screen-reader users and narrow windows: labelled controls, a live
// message, named charts, instance rows reachable with Tab and opened with Enter, no sideways
// scrolling with all 7 explainers, and the charts drawn in chunks with the browser let in
// between (long tasks are measured and printed, never asserted: the machine may be busy).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, runJob, saveArtifact, screenshot, startBrowser, status } from './support/page.js';

let browser;
let page;
let problems;
let measured;

/**
 * At every animation frame, how many drawing chunks had finished (no clock: a frame that sees
 * k chunks done ran between chunk k and chunk k + 1), and a long-task observer (printed only).
 */
function instrument() {
  globalThis.chunksSeenByFrames = new Set();
  const frame = () => {
    const log = globalThis.xaiExplorer?.drawLog;
    if (log) globalThis.chunksSeenByFrames.add(log.length);
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  globalThis.longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) globalThis.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

beforeAll(async () => {
  browser = await startBrowser();
  ({ page, problems } = await openPage(browser));
  await page.evaluate(instrument);
  await page.selectOption('#model', 'lr');
  await page.fill('#instances', '100');
  await page.$$eval('input[name=explainer]', (boxes) => {
    for (const b of boxes) b.checked = true;
  });
  const state = await runJob(page);
  if (state !== 'done') throw new Error(`the job ended ${state}: ${(await status(page)).message}`);
  measured = await page.evaluate(() => {
    const log = globalThis.xaiExplorer.drawLog;
    const from = log[0].start;
    const to = log.at(-1).end;
    const during = globalThis.longTasks.filter((t) => t.start + t.duration >= from && t.start <= to);
    return { log, seen: [...globalThis.chunksSeenByFrames], during, result: globalThis.xaiExplorer.result };
  });
});
afterAll(async () => {
  await page?.close();
  await browser?.close();
});

describe('accessibility and layout', () => {
  it('labels #file, #model and the other controls; #message is live; every chart has a name', async () => {
    for (const id of ['file', 'model', 'label', 'target', 'instances']) {
      const label = await page.evaluate((i) => document.querySelector(`#${i}`).labels?.[0]?.textContent.trim() ?? '', id);
      expect(label.length, `label of #${id}`).toBeGreaterThan(3);
    }
    expect(await page.$eval('#message', (m) => m.getAttribute('aria-live'))).toBe('polite');
    const charts = await page.$$eval('figure.chart', (f) =>
      f.map((x) => ({ role: x.getAttribute('role'), name: x.getAttribute('aria-label') ?? '' })),
    );
    // 8 metric charts, a summary per explainer, a waterfall per explainer for the first instance.
    expect(charts.length).toBe(8 + 7 + 7);
    for (const c of charts) {
      expect(c.role).toBe('img');
      expect(c.name.length).toBeGreaterThan(20);
    }
    const fa = await page.$eval('#chart-FA', (f) => f.getAttribute('aria-label'));
    expect(fa).toMatch(/^FA, .*; higher is better\. Means: Gradient -?\d\.\d+ [✓✕○], Gradient x Input -?\d\.\d+ [✓✕○]/);
    expect(problems).toEqual([]);
  });

  it('reaches an instance row with Tab alone and opens it with Enter', async () => {
    await page.evaluate(() => document.activeElement?.blur());
    let focused = null;
    for (let presses = 0; presses < 200 && focused?.row !== '2'; presses++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => ({ row: document.activeElement?.closest('tr.instance-row')?.dataset.index ?? null }));
    }
    expect(focused?.row).toBe('2');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#instance-2 figure.instance-chart svg').length === 7, null, { timeout: 0 });
    expect(await page.$eval('tr.instance-row[data-index="2"]', (r) => r.getAttribute('aria-selected'))).toBe('true');
    expect(await page.evaluate(() => document.activeElement.dataset.index)).toBe('2');
    await screenshot(page, '5-keyboard-drilldown', '#instance');
  });

  it('has no sideways scrolling with 7 explainers at 1400, 1000 and 700 px', async () => {
    for (const width of [1400, 1000, 700]) {
      await page.setViewportSize({ width, height: 900 });
      const fit = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        rightmost: Math.max(...[...document.querySelectorAll('figure.chart')].map((f) => f.getBoundingClientRect().right)),
      }));
      expect(fit.scroll, `${width} px`).toBeLessThanOrEqual(fit.client);
      expect(fit.rightmost, `${width} px`).toBeLessThanOrEqual(fit.client);
      if (width === 700) {
        await page.locator('#charts').scrollIntoViewIfNeeded();
        await screenshot(page, '6-narrow-700px', 'viewport');
      }
    }
    await page.setViewportSize({ width: 1400, height: 1000 });
  });

  it('draws one chart per chunk and lets the browser run between chunks (long tasks printed)', () => {
    const { log, seen, during, result } = measured;
    // 8 metric charts, 7 summaries, the instance table in 4 blocks of 25 rows, the first instance's 7 waterfalls.
    expect(log.map((c) => c.what.split(' ')[0])).toEqual([
      ...Array(8).fill('metric'),
      ...Array(7).fill('summary'),
      ...Array(4).fill('table'),
      ...Array(7).fill('instance'),
    ]);
    // An animation frame ran in every gap between two chunks: the browser could paint and
    // handle input there (drawing everything in one go leaves no frame between charts).
    for (let i = 0; i + 1 < log.length; i++) {
      const between = seen.includes(i + 1);
      expect(between, `a frame between chunk ${i} (${log[i].what}) and chunk ${i + 1}`).toBe(true);
    }
    const longest = Math.max(0, ...during.map((t) => t.duration));
    const chunks = log.map((c) => c.end - c.start);
    const figures = {
      instances: result.instances,
      explainers: Object.keys(result.rows[0].attributions).length,
      jobSeconds: +(result.wallMs / 1000).toFixed(2),
      kernels: result.kernels,
      drawChunks: log.length,
      longestChunkMs: Math.round(Math.max(...chunks)),
      longTasksWhileDrawing: during.length,
      longestLongTaskMs: Math.round(longest),
    };
    console.log(`explorer drawing: ${JSON.stringify(figures)}`);
    saveArtifact('drawing.json', figures);
    expect(figures.instances).toBe(100);
  });
});
