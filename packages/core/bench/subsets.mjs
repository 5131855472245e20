// fillRandomSubsets: the WebAssembly kernel (core's streams) against the same draws through
// rng.uniform() (any other Rng), KernelSHAP's shape (500 coalitions of d features, Captum's size
// law, unpaired and paired), in CPU microseconds per call (process.cpuUsage, best of 3 rounds,
// alternating). Both paths give the same bits: the script checks that too. Needs `pnpm build`.
//   node bench/subsets.mjs [--quick]
import { cpus, loadavg } from 'node:os';
import { fillRandomSubsets, substream } from '../dist/index.js';

const minCpuUs = process.argv.includes('--quick') ? 2e5 : 1e6;

/** CPU-seconds per call of fn(i) over ≥ minCpuUs (after warm-up). */
function cpuPerCall(fn) {
  for (let i = 0; i < 20; i++) fn(i);
  const c0 = process.cpuUsage();
  let reps = 0;
  let used = 0;
  do {
    fn(reps++);
    const c = process.cpuUsage(c0);
    used = c.user + c.system;
  } while (used < minCpuUs);
  return used / 1e6 / reps;
}

/** A stream core did not make (it hides the state): fillRandomSubsets draws through uniform(). */
const foreign = (rng) => ({ uniform: () => rng.uniform() });

function shapleyCdf(d) {
  const cdf = new Float64Array(d - 1);
  let acc = 0;
  for (let k = 1; k < d; k++) cdf[k - 1] = acc += (d - 1) / (k * (d - k));
  return cdf.map((c) => c / acc);
}

console.log(`${cpus()[0]?.model ?? '?'}; ${cpus().length} cores; load ${loadavg()[0].toFixed(2)}; Node ${process.version}`);
console.log('d   paired  wasm µs  uniform() µs  wasm / uniform()  same bits');
const rows = 498;
for (const d of [23, 60, 400])
  for (const paired of [false, true]) {
    const cdf = shapleyCdf(d);
    const za = new Float64Array(rows * d);
    const zb = new Float64Array(rows * d);
    fillRandomSubsets(substream(1, d), za, 0, rows, d, cdf, paired);
    fillRandomSubsets(foreign(substream(1, d)), zb, 0, rows, d, cdf, paired);
    const same = za.every((v, q) => v === zb[q]);
    let wasm = Number.POSITIVE_INFINITY;
    let js = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      wasm = Math.min(
        wasm,
        cpuPerCall((i) => fillRandomSubsets(substream(1, i), za, 0, rows, d, cdf, paired)),
      );
      js = Math.min(
        js,
        cpuPerCall((i) => fillRandomSubsets(foreign(substream(1, i)), zb, 0, rows, d, cdf, paired)),
      );
    }
    console.log(
      `${String(d).padEnd(4)}${String(paired).padEnd(8)}${(wasm * 1e6).toFixed(1).padStart(7)}  ${(js * 1e6).toFixed(1).padStart(12)}  ${(wasm / js).toFixed(3).padStart(16)}  ${same}`,
    );
  }
