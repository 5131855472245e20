// The same job in Node and in headless Chromium, from one bundle: SynthGauss (d = 20), the ANN,
// Gradient + IG + LIME on 100 test instances, every metric but stability (with floors and nulls).
// `node scripts/timing.mjs` (after `pnpm build`). Prints wall times and their ratio.
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { launchChromium } from '@xai/testing-browser';

const here = fileURLToPath(new URL('..', import.meta.url));
const JOB = `
import { explainAndScore, loadData, trainChosenModel } from './src/pipeline.js';
export function job() {
  const data = loadData({ source: 'synth', seed: 0 });
  const trained = trainChosenModel(data, 'ann', 0);
  const t0 = performance.now();
  // id-list: the measured selection (one gradient, one path, one sampling method)
  const r = explainAndScore(data, trained, { explainers: ['grad', 'ig', 'lime'], instances: 100, seed: 0 });
  const ms = performance.now() - t0;
  const pgi = r.cells.filter((c) => c.metric === 'PGI').map((c) => c.mean.toFixed(6)).join(',');
  return { ms, pgi, d: r.featureNames.length, cells: r.cells.length };
}`;
const r = await build({
  stdin: { contents: JOB, resolveDir: here, loader: 'js' },
  bundle: true,
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  write: false,
  logLevel: 'silent',
});
const code = r.outputFiles[0].text;

const node = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)).job();
const browser = await launchChromium();
let chrome;
try {
  const page = await browser.newPage();
  await page.setContent('<p>timing</p>');
  chrome = await page.evaluate(
    `(async () => (await import(URL.createObjectURL(new Blob([${JSON.stringify(code)}], { type: 'text/javascript' })))).job())()`,
  );
} finally {
  await browser.close();
}
console.log(
  `machine: ${cpus()[0]?.model} x${cpus().length}, load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}; browser: ${browser.xaiSource.source}`,
);
console.log(`job: d = ${node.d}, ANN, Gradient + IG + LIME, 100 instances, ${node.cells} metric cells (floors and nulls included)`);
console.log(`node:     ${(node.ms / 1000).toFixed(2)} s`);
console.log(`chromium: ${(chrome.ms / 1000).toFixed(2)} s   (browser / node = ${(chrome.ms / node.ms).toFixed(2)})`);
console.log(`same PGI in both: ${node.pgi === chrome.pgi ? 'yes' : `no (node ${node.pgi}, chromium ${chrome.pgi})`}`);
