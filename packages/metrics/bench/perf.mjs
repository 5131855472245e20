// Per-instance cost of PGI/PGU and of the shared stability block on an ANN-shaped closure
// model (20 -> 100 -> 100 -> 2, ReLU, softmax) with cheap explainers. Prints figures; it is
// not a test. The machine may be shared: figures are noisy, so each is the best of REPEATS.
// Usage: npx tsup && node bench/perf.mjs [instances=40] [rounds=5]
// (METRICS_DIST=/path/to/older/dist/index.js runs an older build on the same case.)
import { argmaxRows, createRng, hashFloat64, matmul, matmulTransB, row, substream } from '@xai/core';

const { pgi, pgu, predictionGaps, relativeStability, ris, ros, rrs } = await import(process.env.METRICS_DIST ?? '../dist/index.js');

const D = 20;
const H = 100;
const C = 2;
const N = Number(process.argv[2] ?? 40);
const REPEATS = Number(process.argv[3] ?? 5);

function randn(rows, cols, seed, scale) {
  const m = { rows, cols, data: new Float64Array(rows * cols) };
  createRng(seed).fillNormal(m.data, 0, scale);
  return m;
}

/** The ANN as plain closures over Float64Array weights (PyTorch layout: out x in). */
function annModel(seed = 1) {
  const W1 = randn(H, D, seed, 1 / Math.sqrt(D));
  const W2 = randn(H, H, seed + 1, 1 / Math.sqrt(H));
  const W3 = randn(C, H, seed + 2, 1 / Math.sqrt(H));
  const b1 = randn(1, H, seed + 3, 0.1).data;
  const b2 = randn(1, H, seed + 4, 0.1).data;
  const b3 = randn(1, C, seed + 5, 0.1).data;
  const addBias = (m, b, relu) => {
    const { data, cols } = m;
    for (let i = 0; i < data.length; i++) {
      const v = data[i] + b[i % cols];
      data[i] = relu && v < 0 ? 0 : v;
    }
    return m;
  };
  const layer1 = (x, relu) => addBias(matmulTransB(x, W1), b1, relu);
  const forward = (x) => {
    const a1 = layer1(x, true);
    const a2 = addBias(matmulTransB(a1, W2), b2, true);
    return { a1, a2, z: addBias(matmulTransB(a2, W3), b3, false) };
  };
  const softmax = (z) => {
    const p = { rows: z.rows, cols: C, data: new Float64Array(z.data.length) };
    for (let i = 0; i < z.rows; i++) {
      const m = Math.max(z.data[2 * i], z.data[2 * i + 1]);
      const e0 = Math.exp(z.data[2 * i] - m);
      const e1 = Math.exp(z.data[2 * i + 1] - m);
      p.data[2 * i] = e0 / (e0 + e1);
      p.data[2 * i + 1] = e1 / (e0 + e1);
    }
    return p;
  };
  return {
    inputDim: D,
    classes: C,
    predictProba: (x) => softmax(forward(x).z),
    logits: (x) => forward(x).z,
    hidden: (x, o = {}) => layer1(x, o.activation !== 'pre'),
    inputGradient(x, targets) {
      const { a1, a2, z } = forward(x);
      const p = softmax(z);
      const dz = { rows: x.rows, cols: C, data: new Float64Array(x.rows * C) };
      for (let i = 0; i < x.rows; i++) {
        const t = targets[i];
        const pt = p.data[2 * i + t];
        for (let k = 0; k < C; k++) dz.data[2 * i + k] = pt * ((k === t ? 1 : 0) - p.data[2 * i + k]);
      }
      const d2 = matmul(dz, W3);
      for (let i = 0; i < d2.data.length; i++) if (a2.data[i] <= 0) d2.data[i] = 0;
      const d1 = matmul(d2, W2);
      for (let i = 0; i < d1.data.length; i++) if (a1.data[i] <= 0) d1.data[i] = 0;
      return matmul(d1, W1);
    },
  };
}

const targetsOf = (model, x, o) => o?.targets ?? argmaxRows(model.predictProba(x));
const keyOf = (x, o, i) => (o?.keys ? o.keys[i] : hashFloat64(row(x, i)));

const explainers = {
  grad: { id: 'grad', explain: (model, x, o) => model.inputGradient(x, targetsOf(model, x, o)) },
  // SmoothGrad with 10 samples: all rows x samples in one gradient call, noise keyed per row.
  sg10: {
    id: 'sg10',
    explain(model, x, o) {
      const S = 10;
      const t = targetsOf(model, x, o);
      const big = { rows: x.rows * S, cols: D, data: new Float64Array(x.rows * S * D) };
      const bt = new Int32Array(x.rows * S);
      for (let i = 0; i < x.rows; i++) {
        const rng = substream(0, keyOf(x, o, i), 'sg');
        const xi = row(x, i);
        for (let s = 0; s < S; s++) {
          const off = (i * S + s) * D;
          for (let j = 0; j < D; j++) big.data[off + j] = xi[j] + 0.1 * rng.normal();
          bt[i * S + s] = t[i];
        }
      }
      const g = model.inputGradient(big, bt);
      const out = { rows: x.rows, cols: D, data: new Float64Array(x.rows * D) };
      for (let i = 0; i < x.rows * S; i++) for (let j = 0; j < D; j++) out.data[Math.floor(i / S) * D + j] += g.data[i * D + j] / S;
      return out;
    },
  },
  control: {
    id: 'control',
    explain(_m, x, o) {
      const out = { rows: x.rows, cols: D, data: new Float64Array(x.rows * D) };
      for (let i = 0; i < x.rows; i++) substream(0, keyOf(x, o, i), 'random').fillNormal(out.data, 0, 1, i * D, (i + 1) * D);
      return out;
    },
  },
};

/**
 * Best (min) CPU time of this process for each function over interleaved rounds: CPU time
 * ignores waiting for a core, and interleaving spreads load spikes over all candidates.
 */
function bestOf(fns, rounds = REPEATS) {
  const ms = fns.map(() => Infinity);
  const out = [];
  for (let r = 0; r < rounds; r++) {
    fns.forEach((fn, k) => {
      const t0 = process.cpuUsage();
      out[k] = fn();
      const dt = process.cpuUsage(t0);
      ms[k] = Math.min(ms[k], (dt.user + dt.system) / 1000);
    });
  }
  return { ms, out };
}

/** Counts the rows that reach each model function and the explainer (load-independent work). */
function counted(model, explainer) {
  const c = { forward: 0, hidden: 0, explained: 0, explainCalls: 0 };
  const m = {
    ...model,
    predictProba: (x) => {
      c.forward += x.rows;
      return model.predictProba(x);
    },
    logits: (x) => {
      c.forward += x.rows;
      return model.logits(x);
    },
    hidden: (x, o) => {
      c.hidden += x.rows;
      return model.hidden(x, o);
    },
  };
  const e = {
    id: explainer.id,
    explain: (_mm, x, o) => {
      c.explained += x.rows;
      c.explainCalls++;
      return explainer.explain(model, x, o);
    },
  };
  return { model: m, explainer: e, c };
}

const model = annModel();
const x = { rows: N, cols: D, data: new Float64Array(N * D) };
createRng(42).fillUniform(x.data);
const attributions = explainers.grad.explain(model, x);
const per = (ms) => `${(ms / N).toFixed(2)}`;

console.log(`@xai/metrics perf: ANN ${D}-${H}-${H}-${C} closure model, ${N} instances, min of ${REPEATS} interleaved rounds;`);
console.log(
  `Node ${process.version}; times are CPU ms of this process; the machine is shared, so they stay noisy (work counts are exact).`,
);
console.log('\nPrediction gap (100 samples, sigma 0.1), ms per instance:');
for (const preset of ['openxai', 'paper']) {
  const K = preset === 'openxai' ? Math.ceil(0.25 * D) : D;
  const {
    ms: [a, b, c],
  } = bestOf([
    () => pgi({ x, attributions, model }, { preset }),
    () => pgu({ x, attributions, model }, { preset }),
    () => predictionGaps({ x, attributions, model }, { preset }),
  ]);
  console.log(
    `  ${preset.padEnd(8)} K=${String(K).padEnd(2)} (${100 * K} perturbed rows each): PGI ${per(a)} | PGU ${per(b)} | both in one pass ${per(c)}`,
  );
}

console.log('\nStability block (1000 candidates, <= 100 neighbours, blockSize 32), ms per instance:');
console.log(
  '  explainer preset    RIS    ROS    RRS    all3   all3/min(one)  work: forward+hidden+explained rows per instance (RIS alone -> all3)',
);
for (const [name, explainer] of Object.entries(explainers)) {
  for (const preset of ['default', 'openxai']) {
    const runs = [ris, ros, rrs, relativeStability].map((f) => {
      const w = counted(model, explainer);
      return { w, run: () => f({ x, model: w.model, explainer: w.explainer }, { preset }) };
    });
    const { ms } = bestOf(runs.map((r) => r.run));
    const work = runs.map(({ w }) => ({ f: w.c.forward / REPEATS / N, h: w.c.hidden / REPEATS / N, e: w.c.explained / REPEATS / N }));
    const fmt = (v) => `${v.f.toFixed(0)}+${v.h.toFixed(0)}+${v.e.toFixed(0)}`;
    console.log(
      `  ${name.padEnd(9)} ${preset.padEnd(8)}  ${ms.map((t) => per(t).padEnd(6)).join(' ')} ${(ms[3] / Math.min(ms[0], ms[1], ms[2])).toFixed(3).padEnd(14)} ${fmt(work[0])} -> ${fmt(work[3])}`,
    );
  }
}
