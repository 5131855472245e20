// The explorer's worker on the models' default kernels (WebAssembly SIMD) vs the scalar JS
// kernels, in headless Chromium, through the built page as a user runs it: SynthGauss (d = 20),
// the ANN, Gradient + IG + LIME on 100 test instances. `?kernels=js` is the page's switch (a
// worker has no process.env, so the worker sets the stand-in the models read).
// `node scripts/kernels.mjs [--rounds 2]`: rounds alternate simd, js, simd, js, ...
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchChromium } from '@xai/testing-browser';

const here = fileURLToPath(new URL('..', import.meta.url));
const roundsAt = process.argv.indexOf('--rounds');
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 1;
const out = mkdtempSync(join(tmpdir(), 'xai-explorer-kernels-'));
execFileSync(process.execPath, [join(here, 'build.mjs'), '--out', out], { stdio: 'pipe' });
const url = pathToFileURL(join(out, 'index.html')).href;

async function job(browser, kernels) {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  try {
    await page.goto(`${url}?kernels=${kernels}`);
    await page.waitForSelector('body[data-state=ready]');
    await page.selectOption('#model', 'ann');
    await page.fill('#instances', '100');
    await page.$$eval('input[name=explainer]', (boxes) => {
      // id-list: the measured selection (one gradient, one path, one sampling method)
      for (const b of boxes) b.checked = ['grad', 'ig', 'lime'].includes(b.value);
    });
    await page.click('#run');
    await page.waitForSelector('body[data-state=done], body[data-state=error]', { timeout: 0 });
    const r = await page.evaluate(() => globalThis.xaiExplorer.result);
    if (r === null) throw new Error(await page.$eval('#message', (m) => m.textContent));
    const pgi = r.cells.filter((c) => c.metric === 'PGI').map((c) => c.mean.toFixed(9));
    return { kernels: r.kernels, wall: r.wallMs / 1000, train: r.trainMs / 1000, explain: r.explainMs / 1000, pgi: pgi.join(',') };
  } finally {
    await page.close();
  }
}

const browser = await launchChromium();
const runs = [];
try {
  for (let i = 0; i < rounds; i++) for (const k of ['simd', 'js']) runs.push(await job(browser, k));
} finally {
  await browser.close();
}
const load = loadavg()
  .map((v) => v.toFixed(2))
  .join(' ');
console.log(`machine: ${cpus()[0]?.model} x${cpus().length}, load average ${load}; browser: ${browser.xaiSource.source}`);
console.log('job: SynthGauss d = 20, ANN, Gradient + IG + LIME, 100 instances, every metric but stability (floors and nulls)');
console.log('kernels | job s | training s | explaining + scoring s | PGI means');
for (const r of runs)
  console.log(`${r.kernels.padEnd(7)} | ${r.wall.toFixed(2)} | ${r.train.toFixed(2)} | ${r.explain.toFixed(2)} | ${r.pgi}`);
const mean = (k, f) => runs.filter((r) => r.kernels === k).reduce((s, r) => s + r[f], 0) / rounds;
console.log(`js / simd (job): ${(mean('js', 'wall') / mean('simd', 'wall')).toFixed(2)}`);
console.log(`same PGI means on both kernels: ${new Set(runs.map((r) => r.pgi)).size === 1 ? 'yes' : 'no'}`);
