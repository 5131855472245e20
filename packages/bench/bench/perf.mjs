// Speed-up of the worker pool and where the time goes (real pipeline, synthetic data).
// Usage: node bench/perf.mjs [instances=20] [neighbours=20] [explainers=lime,sg,shap,ig,grad]
// Prints wall times with 1 and 2 workers, the speed-up, whether the results are identical,
// and the units' CPU and wall seconds per model/explainer. The machine may be shared: figures are noisy.
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveBenchConfig, runBench } from '../dist/index.js';

const [instances = '20', neighbours = '20', explainers = 'lime,sg,shap,ig,grad'] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), 'xai-perf-'));
const cacheDir = join(dir, 'cache');
const quiet = { log: () => {}, progressStream: { write: () => true, isTTY: false } };
const base = { instances, explainers, stabilityNeighbours: neighbours, cacheDir, blockSize: '5' };

// Warm-up: trains the models into the cache so that both timed runs start equal.
await runBench(resolveBenchConfig({}, { ...base, instances: '5', explainers: 'grad', out: join(dir, 'warm'), workers: '1' }), quiet);

const timed = async (workers) => {
  const out = join(dir, `w${workers}`);
  const t0 = performance.now();
  const r = await runBench(resolveBenchConfig({}, { ...base, out, workers: String(workers) }), quiet);
  return { seconds: (performance.now() - t0) / 1000, out, manifest: r.manifest };
};
const one = await timed(1);
const two = await timed(2);
const same = readFileSync(join(one.out, 'results.jsonl'), 'utf8') === readFileSync(join(two.out, 'results.jsonl'), 'utf8');
console.log(
  `cores: ${availableParallelism()}; config: ${instances} instances, stability ${neighbours} neighbours, explainers ${explainers}, LR + ANN`,
);
console.log(`1 worker : ${one.seconds.toFixed(1)} s`);
console.log(`2 workers: ${two.seconds.toFixed(1)} s  (speed-up ${(one.seconds / two.seconds).toFixed(2)}x)`);
console.log(`results identical: ${same}`);
console.log(
  `pool utilisation (unit compute / (workers x wall)): 1 worker ${one.manifest.invocations.at(-1).poolUtilisation}, 2 workers ${two.manifest.invocations.at(-1).poolUtilisation}`,
);
const last = one.manifest.invocations.at(-1);
console.log(`process CPU (1 worker run): ${last.cpuSeconds} s`);
console.log('unit CPU (1 worker run), s:', JSON.stringify(last.unitCpuSeconds));
console.log('unit wall (1 worker run), s:', JSON.stringify(last.unitWallSeconds));
