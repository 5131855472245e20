// PNG screenshots of the overview pictures of a bench run, for the docs: opens <run>/report.html
// in headless Chromium (@xai/testing-browser) and shoots each `figure.overview` element.
//   node packages/bench/scripts/overviewScreenshots.mjs <run-dir> <out-dir>
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '@xai/testing-browser';

const [run, outDir] = process.argv.slice(2);
if (!run || !outDir) {
  process.stderr.write('usage: node overviewScreenshots.mjs <run-dir> <out-dir>\n');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 2 });
  await page.goto(pathToFileURL(resolve(run, 'report.html')).href, { waitUntil: 'load' });
  for (const figure of await page.$$('figure.overview')) {
    const id = await figure.getAttribute('id');
    const file = join(outDir, `${id}.png`);
    await figure.screenshot({ path: file });
    process.stdout.write(`${file}\n`);
  }
} finally {
  await browser.close();
}
