// PNG screenshots of a bench run's report.html for the docs: opens <run>/report.html in headless
// Chromium (@xai/testing-browser) and shoots the one-screen verdicts, each pair's overview picture,
// and each pair's KernelSHAP waterfall and summary plot.
//   node packages/bench/scripts/reportScreenshots.mjs <run-dir> <out-dir>
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '@xai/testing-browser';

const [run, outDir] = process.argv.slice(2);
if (!run || !outDir) {
  process.stderr.write('usage: node reportScreenshots.mjs <run-dir> <out-dir>\n');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
/** What is shot, by CSS selector; each element is written as `<its id>.png`. */
const SHOTS = ['section#verdicts', 'figure.overview', 'figure.waterfall[id$="-shap"]', 'figure.summary[id$="-shap"]'];
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
  await page.goto(pathToFileURL(resolve(run, 'report.html')).href, { waitUntil: 'load' });
  for (const selector of SHOTS)
    for (const element of await page.$$(selector)) {
      const file = join(outDir, `${await element.getAttribute('id')}.png`);
      await element.screenshot({ path: file });
      process.stdout.write(`${file}\n`);
    }
} finally {
  await browser.close();
}
