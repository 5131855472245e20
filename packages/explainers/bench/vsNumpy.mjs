// CPU per explanation beside numpy's, in one run: alternating pairs (this process, then
// /usr/bin/python3 with numpy on one BLAS thread, order swapped every round), each side timing
// only its own loop with process CPU time (process.cpuUsage / time.process_time).
//   node --import tsx bench/vsNumpy.mjs [--rounds 5] [--d 23]
// Rows: numpy's legacy normal stream; LIME's weighted ridge (one factorisation and its apply
// per explanation, 1000 samples); KernelSHAP's weighted least squares (500 coalitions); whole
// LIME and KernelSHAP explanations of a logistic-regression model (the model costs little, so
// these are the explainers' own work). The numpy side is the same algorithm written with
// numpy's vectorised kernels: its floor, not the released Python code.
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { numpyNormalStream } from '@xai/core';
import { createExplainer } from '../dist/index.js';
import { logisticModel, rowsOf as rowsOfD } from './cheapModel.mjs';
import { createSharedLeastSquares, sharedLeastSquaresSolve } from '../src/internal/sharedLeastSquares.ts';
import { createSharedRidge, sharedRidgeApply } from '../src/internal/sharedRidge.ts';

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 5);
const D = arg('d', 23);
const S = 1000;
const COALITIONS = 500;
const STD = 0.1;
const WIDTH = 0.75 * Math.sqrt(D);
const N_LIME = 40;
const N_SHAP = 40;

/** The cheap model (weights w_j = sin(j + 1), bias 0.1: the numpy side below computes the same). */
const model = logisticModel(D);
const rowsOf = (n, salt) => rowsOfD(n, D, salt);
const train = rowsOf(200, 1);

const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
/** µs of CPU per op of `fn` over `reps` calls, after reps / 4 (at least 1) warm-up calls for the JIT. */
const perOp = (fn, reps) => {
  for (let r = 0; r < Math.max(1, reps >> 2); r++) fn(0);
  const t = cpuMicros();
  for (let r = 0; r < reps; r++) fn(r + 1);
  return (cpuMicros() - t) / reps;
};

function nodeRound(round) {
  const stream = numpyNormalStream(round);
  const normals = new Float64Array(S * D);
  let from = 0;
  const normalNs =
    (1000 *
      perOp(() => {
        stream.fill(normals, 0, from, S * D);
        from += S * D;
      }, 80)) /
    (S * D);
  const noise = normals.map((v) => v * STD);
  noise.fill(0, 0, D);
  const y = Float64Array.from({ length: S }, (_, s) => Math.sin(s));
  const coef = new Float64Array(D);
  const rhs = new Float64Array(D);
  const ridge = perOp(() => sharedRidgeApply(createSharedRidge(noise, S, D, WIDTH, 1), y, coef, rhs), 200);
  const z = Float64Array.from({ length: COALITIONS * D }, (_, k) => (Math.sin(k * 7.1) > 0 ? 1 : 0));
  const w = Float64Array.from({ length: COALITIONS }, (_, s) => 1 + (s % 7));
  const solve = perOp(() => sharedLeastSquaresSolve(createSharedLeastSquares(z, 0, COALITIONS, D, w, 0, 0, true), y, 0, coef), 200);
  const lime = createExplainer('lime', { preset: 'openxai', seed: round });
  const xl = rowsOf(N_LIME, round + 2);
  const limeUs = perOp(() => lime.explain(model, xl), 4) / N_LIME;
  const shap = createExplainer('shap', { preset: 'openxai', seed: round, train });
  const xs = rowsOf(N_SHAP, round + 3);
  const shapUs = perOp(() => shap.explain(model, xs), 4) / N_SHAP;
  return { normalNs, ridge, solve, solveNormal: solve, lime: limeUs, shap: shapUs };
}

const PYTHON = `
import json, sys, time
import numpy as np
D, S, C, STD, WIDTH, NL, NS, seed = json.loads(sys.argv[1])
wts = np.sin(np.arange(D) + 1.0)
def model(z):
    return 1.0 / (1.0 + np.exp(-(z @ wts + 0.1)))
def per_op(fn, reps):
    for _ in range(max(1, reps // 4)): fn()
    t = time.process_time()
    for _ in range(reps): fn()
    return (time.process_time() - t) * 1e6 / reps
rs = np.random.RandomState(seed)
normal_ns = per_op(lambda: rs.standard_normal(S * D), 80) * 1000 / (S * D)
noise = rs.standard_normal((S, D)) * STD
noise[0] = 0
y = np.sin(np.arange(S, dtype=float))
def ridge(noise=noise, y=y):
    w = np.sqrt(np.exp(-(noise * noise).sum(1) / WIDTH ** 2))
    mx = w @ noise / w.sum(); my = w @ y / w.sum()
    xc = noise - mx
    a = (xc * w[:, None]).T @ xc + np.eye(D)
    return np.linalg.solve(a, xc.T @ (w * (y - my)))
z = (np.sin(np.arange(C * D) * 7.1) > 0).astype(float).reshape(C, D)
w = 1.0 + np.arange(C) % 7
yc = y[:C]
def lstsq():
    sw = np.sqrt(w)
    mz = w @ z / w.sum(); my = w @ yc / w.sum()
    return np.linalg.lstsq((z - mz) * sw[:, None], (yc - my) * sw, rcond=None)[0]
def solve_normal():
    mz = w @ z / w.sum(); my = w @ yc / w.sum()
    zc = z - mz
    return np.linalg.solve((zc * w[:, None]).T @ zc, zc.T @ (w * (yc - my)))
xl = np.abs(rs.rand(NL, D))
def lime():
    for x in xl:
        nz = rs.standard_normal((S, D)) * STD
        nz[0] = 0
        ridge(nz, model(x + nz))
xs = np.abs(rs.rand(NS, D))
base = np.zeros(D)
def shap():
    for x in xs:
        m = (rs.rand(C, D) > 0.5).astype(float)
        k = m.sum(1)
        kw = (D - 1) / np.maximum(1, k * (D - k)) + 1e6 * ((k == 0) | (k == D))
        yy = model(m * x + (1 - m) * base)
        sw = np.sqrt(kw)
        np.linalg.lstsq(m * sw[:, None], yy * sw, rcond=None)
print(json.dumps({"normalNs": normal_ns, "ridge": per_op(ridge, 200), "solve": per_op(lstsq, 200),
  "solveNormal": per_op(solve_normal, 200), "lime": per_op(lime, 4) / NL, "shap": per_op(shap, 4) / NS}))
`;

function pythonRound(round) {
  const env = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
  const r = spawnSync('/usr/bin/python3', ['-c', PYTHON, JSON.stringify([D, S, COALITIONS, STD, WIDTH, N_LIME, N_SHAP, round])], {
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`python failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pairs = [];
const loadBefore = loadavg()[0];
for (let r = 0; r < ROUNDS; r++) {
  const js = r % 2 === 0 ? nodeRound(r) : null;
  const py = pythonRound(r);
  pairs.push({ js: js ?? nodeRound(r), py });
}
const rows = [
  ['normalNs', "numpy's legacy normal stream", 'ns / normal', 'RandomState.standard_normal'],
  ['ridge', `LIME weighted ridge (S ${S}, factor + apply)`, 'µs / fit', 'normal equations + np.linalg.solve'],
  ['solve', `KernelSHAP weighted LS (${COALITIONS} coalitions)`, 'µs / fit', 'np.linalg.lstsq (SVD)'],
  ['solveNormal', `KernelSHAP weighted LS (${COALITIONS} coalitions)`, 'µs / fit', 'normal equations + np.linalg.solve'],
  ['lime', `LIME explanation (openxai, ${S} samples), LR model`, 'µs / expl.', 'numpy pipeline, one row at a time'],
  ['shap', `KernelSHAP explanation (openxai, ${COALITIONS}), LR model`, 'µs / expl.', 'numpy pipeline, one row at a time'],
];
console.log(
  `d ${D}, ${ROUNDS} alternating pairs, node ${process.version}, numpy ${spawnSync('/usr/bin/python3', ['-c', 'import numpy; print(numpy.__version__)'], { encoding: 'utf8' }).stdout.trim()} (1 BLAS thread); 1-min load ${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
);
console.log('| what | unit | xai (median CPU) | numpy (median CPU) | numpy side | xai / numpy (median of pairs) |');
console.log('| --- | --- | ---: | ---: | --- | ---: |');
for (const [key, what, unit, ref] of rows) {
  const js = median(pairs.map((p) => p.js[key]));
  const py = median(pairs.map((p) => p.py[key]));
  const ratio = median(pairs.map((p) => p.js[key] / p.py[key]));
  console.log(`| ${what} | ${unit} | ${js.toFixed(1)} | ${py.toFixed(1)} | ${ref} | ${ratio.toFixed(2)} |`);
}
