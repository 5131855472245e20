// What every explorer browser test does: open the built page in headless Chromium (console
// errors, page errors and any network request collected), write a CSV to upload, wait for a
// job, save a screenshot of a step.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@xai/testing-browser';
import { inject } from 'vitest';

const here = fileURLToPath(new URL('../..', import.meta.url));
/** Where screenshots go: XAI_SCREENSHOTS (e.g. docs/screenshots) or the ignored artifacts/ folder. */
const shots = resolve(here, process.env.XAI_SCREENSHOTS ?? 'artifacts');

export async function startBrowser() {
  return launchChromium();
}

/** Opens the page at `viewport`; `problems` collects console errors, page errors and network requests. */
export async function openPage(browser, { width = 1400, height = 1000, query = '' } = {}) {
  const page = await browser.newPage({ viewport: { width, height } });
  const problems = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => {
    if (!/^(file|data|blob):/.test(r.url())) problems.push(`network request: ${r.url()}`);
  });
  await page.goto(`${inject('pageUrl')}${query}`, { waitUntil: 'load' });
  await page.waitForSelector('body[data-state=ready]');
  return { page, problems };
}

/** Writes `text` as `name` in a fresh temp folder and returns its path. */
export function csvFile(name, text) {
  const file = join(mkdtempSync(join(tmpdir(), 'xai-csv-')), name);
  writeFileSync(file, text);
  return file;
}

/** Uploads a file and waits until the page has checked its label (ready) or refused it (error). */
export async function upload(page, file) {
  await page.setInputFiles('#file', file);
  await page.waitForFunction(
    () => /^(ready|error)$/.test(document.body.dataset.state) && document.querySelector('#label').options.length > 0,
  );
}

/** Picks another label column and waits for its check. */
export async function pickLabel(page, name) {
  await page.selectOption('#label', name);
  await page.waitForFunction(() => /^(ready|error)$/.test(document.body.dataset.state));
}

/** Ticks exactly the explainer `id` (unticks the others). */
export async function onlyExplainer(page, id) {
  await page.$$eval(
    'input[name=explainer]',
    (boxes, wanted) => {
      for (const b of boxes) b.checked = b.value === wanted;
    },
    id,
  );
}

/** Clicks Run and waits for the job to end (done, error or cancelled); returns the final state. */
export async function runJob(page) {
  await page.click('#run');
  await page.waitForSelector('body[data-state=done], body[data-state=error], body[data-state=cancelled]', { timeout: 0 });
  return page.$eval('body', (b) => b.dataset.state);
}

/** Saves a screenshot of `selector` ('page' = the whole page, 'viewport' = what is on screen) as `<name>.png`. */
export async function screenshot(page, name, selector = 'page') {
  mkdirSync(shots, { recursive: true });
  const path = join(shots, `${name}.png`);
  if (selector === 'page' || selector === 'viewport') await page.screenshot({ path, fullPage: selector === 'page' });
  else await page.locator(selector).screenshot({ path });
  return path;
}

/** Writes a measurement (JSON) into the ignored artifacts/ folder. */
export function saveArtifact(name, value) {
  const dir = join(here, 'artifacts');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), `${JSON.stringify(value, null, 2)}\n`);
}

/** The page's message, its error details line and its state. */
export async function status(page) {
  return page.evaluate(() => ({
    state: document.body.dataset.state,
    message: document.querySelector('#message').textContent,
    details: document.querySelector('#error-details').hidden ? null : document.querySelector('#error-details').textContent,
  }));
}

/** A seeded uniform generator (Park–Miller), so fixtures are the same on every run. */
export function seeded(seed = 1) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}
