// A long job shows elapsed time, a measured time left and progress within each explainer's
// step, and Cancel stops it for good (the worker is terminated); the page then runs again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onlyExplainer, openPage, runJob, screenshot, startBrowser, status } from './support/page.js';

let browser;
beforeAll(async () => {
  browser = await startBrowser();
});
afterAll(async () => browser?.close());

/** Records every text #message shows, so the test sees progress it would otherwise miss. */
function recordMessages() {
  globalThis.seenMessages = [];
  new MutationObserver(() => globalThis.seenMessages.push(document.querySelector('#message').textContent)).observe(
    document.querySelector('#message'),
    { childList: true, characterData: true, subtree: true },
  );
}

describe('a running job', () => {
  it('shows elapsed and time left, moves within a step, and Cancel ends it; the page runs again', async () => {
    const { page, problems } = await openPage(browser);
    await page.evaluate(recordMessages);
    // The ANN with KernelSHAP, LIME and stability on 300 rows: far longer than the few blocks
    // this test waits for, so Cancel always lands mid-run (also on a fast machine).
    await page.selectOption('#model', 'ann');
    await page.fill('#instances', '300');
    await page.check('#stability');
    await page.$$eval('input[name=explainer]', (boxes) => {
      for (const b of boxes) b.checked = b.value === 'shap' || b.value === 'lime';
    });
    await page.click('#run');
    expect(await page.$eval('#cancel', (b) => b.disabled)).toBe(false);
    // Two blocks of rows explained by LIME (the first explainer in the page's order): progress
    // within a step, and time left measured from them.
    await page.waitForFunction(
      () => new Set(globalThis.seenMessages.filter((m) => /^explaining with LIME: \d+\/\d+ rows$/.test(m))).size >= 2,
      null,
      { timeout: 0 },
    );
    await page.waitForFunction(() => /elapsed .* · about .* left/.test(document.querySelector('#clock').textContent), null, { timeout: 0 });
    const running = await page.evaluate(() => ({
      progress: Number(document.querySelector('#progress').value),
      clock: document.querySelector('#clock').textContent,
    }));
    expect(running.progress).toBeGreaterThan(0.1);
    expect(running.progress).toBeLessThan(1);
    await screenshot(page, '4-running-with-eta', '#controls');

    await page.click('#cancel');
    const cancelled = await status(page);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.message).toMatch(/^Cancelled after ([\d.]+ s|\d+ min \d+ s); nothing of that job was kept\.$/);
    expect(await page.$eval('#run', (b) => b.disabled)).toBe(false);
    expect(await page.$eval('#cancel', (b) => b.disabled)).toBe(true);
    // Cancelled within LIME's step: KernelSHAP (next in order) never started.
    const seen = await page.evaluate(() => globalThis.seenMessages);
    expect(seen.some((m) => m.startsWith('explaining with KernelSHAP'))).toBe(false);
    // The terminated worker sends nothing more: a second later the page is as Cancel left it.
    const count = seen.length;
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => globalThis.seenMessages.length)).toBe(count);
    expect((await status(page)).state).toBe('cancelled');
    expect(await page.$$eval('#charts figure', (f) => f.length)).toBe(0);

    await page.selectOption('#model', 'lr');
    await page.uncheck('#stability');
    await page.fill('#instances', '5');
    await onlyExplainer(page, 'grad');
    expect(await runJob(page)).toBe('done');
    expect(await page.$$eval('#charts figure', (f) => f.length)).toBe(8);
    expect(problems).toEqual([]);
    await page.close();
  });
});
