// Two builds of the interpreter side by side in one process (e.g. a copy of main's packages/onnx
// and packages/core next to a changed one): the float32 forward + backward (exact input gradients)
// of one graph, batch 1000, alternating builds round by round, in CPU-seconds; prints each build's
// milliseconds a batch, the median (and range) of the rounds' speed-ups, and whether the two
// builds' gradients have the same bits. Each build loads its own @xai/core (its own kernels).
//   node bench/interpreter-perf.mjs --rounds 1 --write   # writes the MLP to /tmp/lngelu.onnx
//   node bench/compare-builds.mjs <old dist/node.js> <new dist/node.js> [--model /tmp/lngelu.onnx] [--rounds 20]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const rounds = Number(flag('rounds', 20));
const builds = args.filter((a, q) => !a.startsWith('--') && !args[q - 1]?.startsWith('--'));
if (builds.length !== 2 || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: node bench/compare-builds.mjs <old dist/node.js> <new dist/node.js> [--model FILE] [--rounds N]');
  process.exit(2);
}
const bytes = readFileSync(flag('model', '/tmp/lngelu.onnx'));
const libs = await Promise.all(builds.map((p) => import(pathToFileURL(resolve(p)).href)));

const n = 1000;
const models = libs.map((lib) => lib.loadOnnxModel(bytes, { precision: 'float32', name: 'compare.onnx' }));
const d = models[0].inputDim;
let s = 1;
const data = Float64Array.from({ length: n * d }, () => {
  s = (Math.imul(s, 1103515245) + 12345) | 0;
  return (s >>> 8) / 2 ** 24;
});
const x = { rows: n, cols: d, data };
const targets = new Int32Array(n).fill(1);
const grads = models.map((m) => m.inputGradient(x, targets).data);
const same = grads[0].length === grads[1].length && grads[0].every((v, q) => Object.is(v, grads[1][q]));
for (let w = 0; w < 5; w++) for (const m of models) m.inputGradient(x, targets);

/** Milliseconds of CPU a batch, over 3 batches. */
function time(m) {
  const t0 = process.cpuUsage();
  for (let q = 0; q < 3; q++) m.inputGradient(x, targets);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 3 / 1e3;
}
const ms = [[], []];
const speedUps = [];
for (let r = 0; r < rounds; r++) {
  const t = [0, 0];
  for (const e of r % 2 ? [1, 0] : [0, 1]) t[e] = time(models[e]);
  ms[0].push(t[0]);
  ms[1].push(t[1]);
  speedUps.push(t[0] / t[1]);
}
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const fmt = (v) => `best ${Math.min(...v).toFixed(2)}, median ${median(v).toFixed(2)} ms a batch`;
console.log(
  `float32 forward + backward, batch ${n}, ${rounds} rounds; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
console.log(`  old: ${fmt(ms[0])}`);
console.log(`  new: ${fmt(ms[1])}`);
console.log(
  `  speed-up new vs old: median ${median(speedUps).toFixed(3)} (${Math.min(...speedUps).toFixed(3)}-${Math.max(...speedUps).toFixed(3)}); gradients same bits: ${same}`,
);
