// Matmul throughput on one core: node bench/perf.mjs (after `npx tsup`).
import { cpus } from 'node:os';
import { createRng, matmul, matmulTransA, matmulTransB, matrix, transpose } from '../dist/index.js';

function rand(rows, cols, seed) {
  const m = matrix(rows, cols);
  createRng(seed).fillNormal(m.data);
  return m;
}

/** Plain i-k-j loop, the baseline the blocked kernel is measured against. */
function naiveIkj(a, b, c) {
  const { rows: n, cols: k } = a;
  const m = b.cols;
  c.data.fill(0);
  for (let i = 0; i < n; i++)
    for (let p = 0; p < k; p++) {
      const x = a.data[i * k + p];
      for (let j = 0; j < m; j++) c.data[i * m + j] += x * b.data[p * m + j];
    }
}

function gflops(label, flop, fn, minMs = 1500) {
  for (let i = 0; i < 5; i++) fn(); // warm up the JIT
  let reps = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < minMs) {
    fn();
    reps++;
  }
  const ms = (performance.now() - t0) / reps;
  const g = flop / (ms * 1e6);
  console.log(`${label.padEnd(44)} ${ms.toFixed(3).padStart(8)} ms  ${g.toFixed(2).padStart(6)} GFLOP/s`);
  return g;
}

const [n, k, m] = [1000, 100, 100];
const a = rand(n, k, 1),
  b = rand(k, m, 2),
  bt = transpose(b),
  c = matrix(n, m),
  d = rand(n, m, 3),
  ct = matrix(k, m);
const flop = 2 * n * k * m;
console.log(`@xai/core matmul, ${cpus()[0]?.model ?? 'cpu'} (${cpus().length} cores, one used), node ${process.version}`);
const blocked = gflops(`matmul ${n}x${k} · ${k}x${m} (4-row blocked)`, flop, () => matmul(a, b, c));
gflops(`matmulTransB ${n}x${k} · (${m}x${k})ᵀ`, flop, () => matmulTransB(a, bt, c));
gflops(`matmulTransA (${n}x${k})ᵀ · ${n}x${m}`, flop, () => matmulTransA(a, d, ct));
const naive = gflops('naive i-k-j loop (baseline)', flop, () => naiveIkj(a, b, c));
console.log(`blocked / naive = ${(blocked / naive).toFixed(2)}x   (target: blocked >= 1.5 GFLOP/s)`);
