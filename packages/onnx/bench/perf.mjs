// ANN forward throughput (d = 20 → 100 → 100 → 2, batch 1000): pure TS vs ONNX Runtime
// (float32 / float64, 1 thread), beside this machine's BLAS limit measured in the same run
// (numpy's matmul on the same shapes, single-threaded, when python3 has numpy; else ORT's
// own MatMul chain), and LIME (1000 samples) on 1000 rows through the ONNX ANN vs pure TS.
// Figures are noisy on a shared machine: each is the best of several timed runs, and the
// load average is printed beside them.
//   pnpm --filter @xai/onnx bench:perf [-- --rows 1000 --lime-rows 1000 --threads 1]
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { createRng } from '@xai/core';
import { createAnn } from '@xai/models';
import { limeExplainer } from '@xai/explainers';
import { loadOnnxModel, neuralModelToOnnx, ortModel } from '../dist/node.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const n = opt('rows', 1000);
const limeRows = opt('lime-rows', 1000);
const threads = opt('threads', 1);
const d = 20;
const widths = [d, 100, 100, 2];
const flops = 2 * n * widths.slice(1).reduce((s, w, l) => s + widths[l] * w, 0);

function rand(rows, cols, seed) {
  const data = new Float64Array(rows * cols);
  createRng(seed).fillUniform(data);
  return { rows, cols, data };
}

/** Best seconds per call over `runs` runs of ≥ 0.3 s each. */
function time(fn, runs = 5) {
  for (let i = 0; i < 3; i++) fn();
  let best = Infinity;
  for (let r = 0; r < runs; r++) {
    let reps = 0;
    const t0 = performance.now();
    let t = 0;
    do {
      fn();
      reps++;
      t = performance.now() - t0;
    } while (t < 300);
    best = Math.min(best, t / 1000 / reps);
  }
  return best;
}

const fmt = (s) => `${(n / s).toExponential(2).padStart(9)} rows/s  ${(flops / s / 1e9).toFixed(2).padStart(6)} GFLOP/s`;
const x = rand(n, d, 1);
const ann = createAnn(d, { seed: 0 });
console.log(
  `ANN ${widths.join('-')} forward, batch ${n}, ${(flops / 1e6).toFixed(1)} MFLOP per batch, ORT threads ${threads}; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);

const results = {};
results.ts = time(() => ann.predictProba(x));
console.log(`  pure TS (Float64)      ${fmt(results.ts)}`);
for (const dtype of ['float32', 'float64']) {
  const m = ortModel(ann, { dtype, threads });
  results[dtype] = time(() => m.predictProba(x));
  console.log(`  ort ${dtype.padEnd(8)}           ${fmt(results[dtype])}   (${(results.ts / results[dtype]).toFixed(1)}x pure TS)`);
}

// The BLAS limit: numpy (OpenBLAS) on the same three products, one thread. OPENBLAS_CORETYPE /
// OPENBLAS_L2_SIZE are unset for this one command (they pin an old, slow kernel on this machine).
const py = `
import time, numpy as np
import ctypes, glob, os
info = 'kernel unknown'
for lib in glob.glob(os.path.join(os.path.dirname(np.__file__), '..', 'numpy.libs', '*openblas*')):
    for name in ('scipy_openblas_get_corename64_', 'scipy_openblas_get_corename', 'openblas_get_corename'):
        f = getattr(ctypes.CDLL(lib), name, None)
        if f is not None:
            f.restype = ctypes.c_char_p
            info = 'OpenBLAS kernel ' + f().decode()
            break
n, ws = ${n}, ${JSON.stringify(widths)}
for dt in (np.float64, np.float32):
    rng = np.random.default_rng(0)
    x = rng.random((n, ws[0])).astype(dt)
    W = [rng.random((ws[l + 1], ws[l])).astype(dt) for l in range(len(ws) - 1)]
    def f():
        h = x
        for w in W: h = h @ w.T
        return h
    for _ in range(5): f()
    best = 1e9
    for _ in range(5):
        reps, t0 = 0, time.perf_counter()
        while True:
            f(); reps += 1
            t = time.perf_counter() - t0
            if t > 0.3: break
        best = min(best, t / reps)
    print(np.dtype(dt).name, best)
print(info)
`;
let blas;
try {
  const env = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  const out = execFileSync('python3', ['-c', py], { env, encoding: 'utf8' });
  const lines = out.trim().split('\n');
  blas = {
    source: 'numpy (OpenBLAS, 1 thread, OPENBLAS_CORETYPE unset)',
    float64: Number(lines[0].split(' ')[1]),
    float32: Number(lines[1].split(' ')[1]),
    kernel: lines[2],
  };
} catch (e) {
  // No numpy: ORT's own MatMul chain (no bias, no activation) on the same shapes.
  const mm = createAnn(d, { seed: 0 });
  blas = { source: `ORT MatMul chain (numpy unavailable: ${String(e.message).split('\n')[0]})` };
  for (const dtype of ['float32', 'float64']) {
    const m = ortModel(mm, { dtype, threads });
    blas[dtype] = time(() => m.logits(x));
  }
}
console.log(`  BLAS limit: ${blas.source}${blas.kernel ? `; ${blas.kernel}` : ''}`);
for (const dtype of ['float64', 'float32']) {
  console.log(`  BLAS ${dtype.padEnd(8)}          ${fmt(blas[dtype])}   ort/BLAS = ${((blas[dtype] / results[dtype]) * 100).toFixed(0)} %`);
}

// LIME, 1000 samples per row, on limeRows rows: pure TS vs the ONNX ANN (loaded as a user
// model through loadOnnxModel) vs ortModel. Same seed → identical draws; attributions agree.
const xl = rand(limeRows, d, 2);
const lime = limeExplainer({ samples: 1000, seed: 0 });
const onnxAnn = loadOnnxModel(neuralModelToOnnx(ann), { threads, name: 'ann.onnx' });
const fast = ortModel(ann, { threads });
const timeOnce = (fn) => {
  const t0 = performance.now();
  const r = fn();
  return [(performance.now() - t0) / 1000, r];
};
console.log(
  `LIME (1000 samples) on ${limeRows} rows; load average ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
const runs = [
  ['pure TS', ann],
  ['ONNX ANN (loadOnnxModel)', onnxAnn],
  ['ortModel float32', fast],
];
let base;
let baseAttr;
for (const [name, model] of runs) {
  const [s, attr] = timeOnce(() => lime.explain(model, xl));
  base ??= s;
  baseAttr ??= attr;
  let diff = 0;
  let scale = 0;
  for (let i = 0; i < attr.data.length; i++) {
    diff = Math.max(diff, Math.abs(attr.data[i] - baseAttr.data[i]));
    scale = Math.max(scale, Math.abs(baseAttr.data[i]));
  }
  console.log(
    `  ${name.padEnd(26)} ${(limeRows / s).toFixed(1).padStart(8)} rows/s  (${s.toFixed(2)} s, ${(base / s).toFixed(2)}x pure TS; max |Δattr| / max |attr| = ${(diff / scale).toExponential(1)})`,
  );
}
console.log(
  `load average after: ${loadavg()
    .map((v) => v.toFixed(2))
    .join(' ')}`,
);
