// Kernel throughput on one thread, in GFLOP per CPU-second (process.cpuUsage, so other load on
// a shared machine slows the wall clock but not the figure much), all in one run:
//   1. the raw 1000x100 · 100x100 products: the JS kernels, the WebAssembly SIMD kernels
//      (f64x2, f32x4) and numpy (OpenBLAS, 1 thread) when python3 has numpy;
//   2. one dense layer (100 → 100, + bias) through a built-in model on each path: JS float64,
//      JS float32 emulation (Math.fround), SIMD float64 / float32, ONNX Runtime float64 / float32;
//   3. the default job's ANN (20-100-100-2, 1000 rows): probabilities and input gradients.
// Needs the built packages (core, models, onnx for ORT). node bench/perf.mjs [--quick]
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { SIMD_PLAIN, createRng, createSimdInstance, matmul, matmulTransA, matmulTransB, matrix, transpose } from '../dist/index.js';

const quick = process.argv.includes('--quick');
const minCpuUs = quick ? 2e5 : 1e6;

/** Best CPU-seconds per call over three runs of ≥ minCpuUs each (after warm-up). */
function cpuSeconds(fn) {
  for (let i = 0; i < 5; i++) fn();
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 3; r++) {
    const c0 = process.cpuUsage();
    let reps = 0;
    let used = 0;
    do {
      fn();
      reps++;
      const c = process.cpuUsage(c0);
      used = c.user + c.system;
    } while (used < minCpuUs);
    best = Math.min(best, used / 1e6 / reps);
  }
  return best;
}

const rows = [];
function report(group, label, flop, seconds) {
  const g = flop / seconds / 1e9;
  rows.push({ group, label, gflops: g, ms: seconds * 1e3 });
  console.log(`${group.padEnd(8)} ${label.padEnd(46)} ${(seconds * 1e3).toFixed(3).padStart(9)} ms  ${g.toFixed(2).padStart(6)} GFLOP/s`);
}

function rand(r, c, seed) {
  const m = matrix(r, c);
  createRng(seed).fillNormal(m.data);
  return m;
}

const [n, k, m] = [1000, 100, 100];
const flop = 2 * n * k * m;
const load = () =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
console.log(`${cpus()[0]?.model ?? 'cpu'} (${cpus().length} cores, one thread used), node ${process.version}; load average ${load()}`);

// 1. raw products
const a = rand(n, k, 1);
const b = rand(k, m, 2);
const bt = transpose(b);
const c = matrix(n, m);
const d = rand(n, m, 3);
const ct = matrix(k, m);
report(
  'raw',
  `JS matmul ${n}x${k} · ${k}x${m}`,
  flop,
  cpuSeconds(() => matmul(a, b, c)),
);
report(
  'raw',
  'JS matmulTransB',
  flop,
  cpuSeconds(() => matmulTransB(a, bt, c)),
);
report(
  'raw',
  'JS matmulTransA',
  flop,
  cpuSeconds(() => matmulTransA(a, d, ct)),
);
const simd = createSimdInstance(true);
if (simd === null) console.log('raw      WebAssembly SIMD unavailable in this runtime');
else {
  // A with the default ANN's share of ReLU zeros (51 % of its 100-wide hidden outputs), for the
  // sparse kernel: at independent places in each row (rows one by one), and at the same terms
  // in every row with 1 in 32 flipped, as the perturbations of one instance share them (the
  // default job's hidden rows: the union of two rows 0.50-0.51 of their non-zeros; rows in pairs)
  const mix = (q) => {
    const h = Math.imul(q ^ (q >>> 15), 0x2c1b3c6d);
    return (h ^ (h >>> 12)) >>> 0;
  };
  const half = Float64Array.from(a.data, (v, q) => (mix(q) % 100 < 51 ? 0 : v));
  const shared = Float64Array.from(a.data, (v, q) => (mix(q % k) % 100 < 51 !== (mix(q + 7919) % 32 === 0) ? 0 : v));
  for (const [type, bytes, Arr, mm, mms] of [
    ['f64x2', 8, Float64Array, simd.mmF64, simd.mmsF64],
    ['f32x4', 4, Float32Array, simd.mmF32, simd.mmsF32],
  ]) {
    const need = (2 * n * k + k * m + n * m) * bytes + 2 * bytes * k + 4 * k + 128;
    if (simd.memory.buffer.byteLength < need) simd.memory.grow(Math.ceil((need - simd.memory.buffer.byteLength) / 65536));
    const pa = 16;
    const pb = pa + n * k * bytes;
    const pc = pb + k * m * bytes;
    new Arr(simd.memory.buffer, pa, n * k).set(a.data);
    new Arr(simd.memory.buffer, pb, k * m).set(b.data);
    report(
      'raw',
      `SIMD mm_${type === 'f64x2' ? 'f64' : 'f32'} (${type}, operands in wasm memory)`,
      flop,
      cpuSeconds(() => mm(n, k, m, pa, k, pb, m, pc, m, 0, SIMD_PLAIN)),
    );
    const ph = pc + n * m * bytes;
    const scratch = ph + n * k * bytes;
    new Arr(simd.memory.buffer, ph, n * k).set(half);
    const name = type === 'f64x2' ? 'f64' : 'f32';
    report(
      'raw',
      `SIMD mm_${name}, A 51 % zeros`,
      flop,
      cpuSeconds(() => mm(n, k, m, ph, k, pb, m, pc, m, 0, SIMD_PLAIN)),
    );
    report(
      'raw',
      `SIMD mms_${name}, A 51 % zeros apart (dense-eq.)`,
      flop,
      cpuSeconds(() => mms(n, k, m, ph, k, pb, m, pc, m, 0, SIMD_PLAIN, scratch)),
    );
    new Arr(simd.memory.buffer, ph, n * k).set(shared);
    report(
      'raw',
      `SIMD mms_${name}, A 51 % zeros shared (dense-eq.)`,
      flop,
      cpuSeconds(() => mms(n, k, m, ph, k, pb, m, pc, m, 0, SIMD_PLAIN, scratch)),
    );
  }
}
numpyProducts();

// 2. and 3. through the built-in models (and ONNX Runtime), if those packages are built
let models = null;
let onnx = null;
try {
  models = await import('../../models/dist/index.js');
  onnx = await import('../../onnx/dist/node.js').catch((e) => {
    console.log(`ort      skipped: @xai/onnx not built (${String(e.message).split('\n')[0]})`);
    return null;
  });
} catch (e) {
  console.log(`models   skipped: @xai/models not built (${String(e.message).split('\n')[0]})`);
}

/** A model made on the given kernels (a model picks them when made: XAI_KERNELS). */
function onKernels(kernels, make) {
  const before = process.env.XAI_KERNELS;
  if (kernels === 'js') process.env.XAI_KERNELS = 'js';
  else delete process.env.XAI_KERNELS;
  try {
    return make();
  } finally {
    if (before === undefined) delete process.env.XAI_KERNELS;
    else process.env.XAI_KERNELS = before;
  }
}

if (models !== null) {
  const { createMlp, createAnn, withPrecision } = models;
  const variants = (base) => [
    ['JS float64', onKernels('js', () => withPrecision(base, 'float64'))],
    ['JS float32 (Math.fround emulation)', onKernels('js', () => withPrecision(base, 'float32'))],
    ['SIMD float64', onKernels('simd', () => withPrecision(base, 'float64'))],
    ['SIMD float32', onKernels('simd', () => withPrecision(base, 'float32'))],
    ...(onnx === null
      ? []
      : [
          ['ONNX Runtime float64', onnx.ortModel(base, { dtype: 'float64', threads: 1 })],
          ['ONNX Runtime float32', onnx.ortModel(base, { dtype: 'float32', threads: 1 })],
        ]),
  ];
  const layer = createMlp(k, { classes: m, output: 'value', seed: 4 });
  const layerFlop = flop + n * m;
  for (const [label, model] of variants(layer))
    report(
      'layer',
      `${label} ${k}→${m} + bias`,
      layerFlop,
      cpuSeconds(() => model.logits(a)),
    );

  const widths = [20, 100, 100, 2];
  const ann = createAnn(20, { seed: 0 });
  const x = rand(n, 20, 5);
  const t = new Int32Array(n);
  const fwd = 2 * n * widths.slice(1).reduce((s, w, l) => s + widths[l] * w, 0);
  // input gradients: the forward pass, then dA = dZ · W for each layer (the same flops again)
  for (const [label, model] of variants(ann)) {
    report(
      'ann',
      `${label} predictProba`,
      fwd,
      cpuSeconds(() => model.predictProba(x)),
    );
    report(
      'ann',
      `${label} inputGradient`,
      2 * fwd,
      cpuSeconds(() => model.inputGradient(x, t)),
    );
  }
}
console.log(`load average at the end ${load()}`);
if (process.argv.includes('--json')) console.log(JSON.stringify({ load: loadavg(), rows }));

/** numpy's matmul on the same shapes, one OpenBLAS thread, both precisions (skipped without numpy). */
function numpyProducts() {
  const py = `
import time, numpy as np
rng = np.random.default_rng(0)
for dt in (np.float64, np.float32):
    a = rng.standard_normal((${n}, ${k})).astype(dt); b = rng.standard_normal((${k}, ${m})).astype(dt)
    c = np.empty((${n}, ${m}), dt)
    for _ in range(5): np.matmul(a, b, out=c)
    best = 1e9
    for _ in range(3):
        reps, t0 = 0, time.process_time()
        while True:
            np.matmul(a, b, out=c); reps += 1
            t = time.process_time() - t0
            if t > ${minCpuUs / 1e6}: break
        best = min(best, t / reps)
    print(np.dtype(dt).name, best)
print(np.__version__)
`;
  try {
    const env = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' };
    delete env.OPENBLAS_CORETYPE; // pins an old, slow kernel on this machine
    delete env.OPENBLAS_L2_SIZE;
    const out = execFileSync('python3', ['-c', py], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      .trim()
      .split('\n');
    report('raw', `numpy ${out[2]} matmul float64 (OpenBLAS, 1 thread)`, flop, Number(out[0].split(' ')[1]));
    report('raw', `numpy ${out[2]} matmul float32 (OpenBLAS, 1 thread)`, flop, Number(out[1].split(' ')[1]));
  } catch (e) {
    console.log(`raw      numpy skipped: ${String(e.message).split('\n')[0]}`);
  }
}
