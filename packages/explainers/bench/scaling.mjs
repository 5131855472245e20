// How LIME and KernelSHAP (openxai presets) scale with the number of instances and features:
// CPU per explanation (after a two-row warm-up) and the process's peak RSS, each configuration in a
// fresh child process.
//   node bench/scaling.mjs [--instances 10,100,1000] [--features 20,100,400] [--feature-rows 20]
// The model is the bench ANN (d -> 100 -> 100 -> 2). LIME draws numpy's legacy stream
// (`noise: 'numpy-batch'`) with row i at batch position i, as the stability metrics explain
// their neighbours, so the instance rows cover positions 0..n-1 of the stream.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const list = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return (i >= 0 ? args[i + 1] : fallback).split(',').map(Number);
};

if (args[0] === '--child') {
  const [, id, d, n] = args;
  const { createRng } = await import('@xai/core');
  const { createExplainer } = await import('../dist/index.js');
  const { annModel } = await import('./annModel.mjs');
  const D = Number(d);
  const N = Number(n);
  const model = annModel(1, D);
  const rng = createRng(2);
  const x = { rows: N, cols: D, data: rng.fillUniform(new Float64Array(N * D)) };
  const train = { rows: 200, cols: D, data: rng.fillUniform(new Float64Array(200 * D)) };
  const e =
    id === 'lime'
      ? createExplainer('lime', { preset: 'openxai', seed: 0, noise: 'numpy-batch' })
      : createExplainer('shap', { preset: 'openxai', seed: 0, train });
  const options = id === 'lime' ? { batchPositions: Float64Array.from({ length: N }, (_, i) => i) } : undefined;
  // Warm-up (JIT, WebAssembly) on two rows of another seed's keyed noise: no stream position is served early.
  const warm = createExplainer(id, { preset: 'openxai', seed: 1, ...(id === 'lime' ? { noise: 'keyed' } : { train }) });
  warm.explain(model, { rows: 2, cols: D, data: x.data.slice(0, 2 * D) });
  const t = process.cpuUsage();
  model.timing.ms = 0;
  const w0 = performance.now();
  e.explain(model, x, options);
  const wall = performance.now() - w0;
  const u = process.cpuUsage(t);
  const cpu = (u.user + u.system) / 1000;
  console.log(JSON.stringify({ cpuMs: cpu, modelShare: model.timing.ms / wall, maxRssKb: process.resourceUsage().maxRSS }));
} else {
  const self = fileURLToPath(import.meta.url);
  const run = (id, d, n) => {
    const r = spawnSync(process.execPath, [self, '--child', id, String(d), String(n)], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${id} d ${d} n ${n}: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const featureRows = list('feature-rows', '20')[0];
  const configs = [
    ...list('instances', '10,100,1000').map((n) => [20, n]),
    ...list('features', '20,100,400')
      .filter((d) => d !== 20)
      .map((d) => [d, featureRows]),
  ];
  console.log(`node ${process.version}; 1-min load before ${loadavg()[0].toFixed(1)}; one child process per cell`);
  console.log('| explainer | features | instances | CPU s | CPU ms / explanation | model share (wall) | peak RSS MB |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const id of ['lime', 'shap']) {
    for (const [d, n] of configs) {
      const r = run(id, d, n);
      console.log(
        `| ${id} | ${d} | ${n} | ${(r.cpuMs / 1000).toFixed(2)} | ${(r.cpuMs / n).toFixed(2)} | ${(100 * r.modelShare).toFixed(0)} % | ${(r.maxRssKb / 1024).toFixed(0)} |`,
      );
    }
  }
  console.log(`1-min load after ${loadavg()[0].toFixed(1)}`);
}
