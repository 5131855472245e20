// Builds dist/index.html: one self-contained file (page + the job and chart Web Workers inlined), so it opens
// from disk (file://) or any static host. `node build.mjs [--out dir]`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outIndex = process.argv.indexOf('--out');
const outDir = outIndex > 0 ? process.argv[outIndex + 1] : join(here, 'dist');

const common = {
  bundle: true,
  minify: true,
  platform: 'browser',
  target: 'es2022',
  write: false,
  legalComments: 'none',
  logLevel: 'error',
};
// onnxruntime-web stays out: the page runs only graphs @xai/onnx's interpreter runs (exact gradients, no runtime);
// any other graph is refused with @xai/onnx's NOT_SUPPORTED naming the op.
const worker = await build({ ...common, entryPoints: [join(here, 'src/worker.js')], format: 'iife', external: ['onnxruntime-web'] });
const workerSource = worker.outputFiles[0].text;
const chartWorker = await build({ ...common, entryPoints: [join(here, 'src/chartWorker.js')], format: 'iife' });
const chartWorkerSource = chartWorker.outputFiles[0].text;
const app = await build({
  ...common,
  entryPoints: [join(here, 'src/main.js')],
  format: 'esm',
  define: { __WORKER_SOURCE__: JSON.stringify(workerSource), __CHART_WORKER_SOURCE__: JSON.stringify(chartWorkerSource) },
});
const appSource = app.outputFiles[0].text.replaceAll('</script', '<\\/script');
const html = readFileSync(join(here, 'src/index.html'), 'utf8').replace('<!--APP-->', () => `<script type="module">${appSource}</script>`);
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'index.html'), html);
console.log(
  `wrote ${join(outDir, 'index.html')} (${(html.length / 1024).toFixed(0)} KiB; job worker ${(workerSource.length / 1024).toFixed(0)} KiB, chart worker ${(chartWorkerSource.length / 1024).toFixed(0)} KiB)`,
);
