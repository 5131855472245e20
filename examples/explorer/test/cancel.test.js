// A long job shows elapsed time, a measured time left and progress within each explainer's
// step, and Cancel stops it for good (the worker is terminated); the page then runs again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, runJob, screenshot, startBrowser, status } from './support/page.js';

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
    // LR trains in a moment; KernelSHAP on 300 rows takes long enough to cancel in its middle.
    await page.selectOption('#model', 'lr');
    await page.fill('#instances', '300');
    await page.$$eval('input[name=explainer]', (boxes) => {
      for (const b of boxes) b.checked = b.value === 'shap';
    });
    await page.click('#run');
    expect(await page.$eval('#cancel', (b) => b.disabled)).toBe(false);
    // Time left appears once two progress points of the explaining phase have been measured.
    await page.waitForFunction(
      () => /explaining with KernelSHAP: \d+\/\d+ rows/.test(document.querySelector('#message').textContent),
      null,
      {
        timeout: 0,
      },
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
    expect(cancelled.message).toMatch(/^Cancelled after [\d.]+ s; nothing of that job was kept\.$/);
    expect(await page.$eval('#run', (b) => b.disabled)).toBe(false);
    expect(await page.$eval('#cancel', (b) => b.disabled)).toBe(true);
    // Rows were explained in several blocks of one step: progress within the step.
    const seen = await page.evaluate(() => globalThis.seenMessages);
    const blocks = new Set(seen.filter((m) => m.startsWith('explaining with KernelSHAP:')));
    expect(blocks.size).toBeGreaterThan(1);
    // The terminated worker sends nothing more: a second later the page is as Cancel left it.
    const count = seen.length;
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => globalThis.seenMessages.length)).toBe(count);
    expect((await status(page)).state).toBe('cancelled');
    expect(await page.$$eval('#charts figure', (f) => f.length)).toBe(0);

    await page.fill('#instances', '5');
    await page.$$eval('input[name=explainer]', (boxes) => {
      for (const b of boxes) b.checked = b.value === 'grad';
    });
    expect(await runJob(page)).toBe('done');
    expect(await page.$$eval('#charts figure', (f) => f.length)).toBe(8);
    expect(problems).toEqual([]);
    await page.close();
  });
});
