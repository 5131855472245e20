#!/usr/bin/env node
// Per cell (explainer x metric family x model) CPU time per instance of OUR built packages on
// heloc with the `openxai` preset, beside the released OpenXAI code's figure recorded in
// perf/openxai-timings.json (measured on this machine; see perf/README.md for how).
// Uses the BUILT packages by relative path (run `pnpm --filter <pkg> build` first).
//
//   node perf/cells.mjs [--backend ts|ort] [--instances N] [--pred-instances N]
//                       [--stab-instances N] [--models lr,ann] [--explainers grad,...]
//                       [--families explain,pgi,pgu,stability] [--json out.json]
//
// --instances: rows explained per explain cell (default 1000). PGI/PGU and stability use, per
// cell, the instance count OpenXAI was measured on (from the JSON) unless --pred-instances /
// --stab-instances is given. CPU time = process.cpuUsage() (user + system, all threads).
// Every cell runs once untimed at its full size first (steady state: JIT, buffers, caches).
// The OpenXAI figure is the OPENBLAS_NUM_THREADS=1 run's where the JSON has the cell
// (runsExtra.<model>-openblas1), else the main run's (OpenBLAS pool of 2), marked in the table.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = (p) => join(here, '..', 'packages', p);
const { loadDataset } = await import(join(pkg('data'), 'dist', 'node.js'));
const { fromModelJson } = await import(join(pkg('models'), 'dist', 'index.js'));
const { createExplainer } = await import(join(pkg('explainers'), 'dist', 'index.js'));
const metrics = await import(join(pkg('metrics'), 'dist', 'index.js'));
const core = await import(join(pkg('core'), 'dist', 'index.js'));

// ---- arguments ----
const argv = process.argv.slice(2);
const opt = {};
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
  const [k, v] = a.includes('=') ? a.slice(2).split('=') : [a.slice(2), argv[++i]];
  if (v === undefined) throw new Error(`--${k} needs a value`);
  opt[k] = v;
}
const KNOWN = [
  'backend',
  'instances',
  'pred-instances',
  'stab-instances',
  'models',
  'explainers',
  'families',
  'json',
  'openxai',
  'data-dir',
];
for (const k of Object.keys(opt))
  if (!KNOWN.includes(k)) throw new Error(`unknown option --${k} (known: ${KNOWN.map((x) => `--${x}`).join(', ')})`);
const backend = opt.backend ?? 'ts';
if (!['ts', 'ort'].includes(backend)) throw new Error(`--backend must be ts or ort, got ${backend}`);
const int = (k, d) => {
  if (opt[k] === undefined) return d;
  const n = Number(opt[k]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${k} must be a positive integer, got ${opt[k]}`);
  return n;
};
const nExplain = int('instances', 1000);
const nPred = int('pred-instances', undefined);
const nStab = int('stab-instances', undefined);
const MODELS = (opt.models ?? 'lr,ann').split(',');
const EXPLAINERS = (opt.explainers ?? 'control,grad,itg,ig,sg,shap,lime').split(',');
const FAMILIES = (opt.families ?? 'explain,pgi,pgu,stability').split(',');
const dataDir = opt['data-dir'] ?? join(here, '..', '..', 'shared', 'datasets');
const openxaiPath = opt.openxai ?? join(here, 'openxai-timings.json');
const ox = existsSync(openxaiPath) ? JSON.parse(readFileSync(openxaiPath, 'utf8')) : null;
/** OpenXAI's figure for a cell and the OpenBLAS threads it ran with: the 1-thread run first. */
const oxCell = (model, key) => {
  const one = ox?.runsExtra?.[`${model}-openblas1`]?.cells?.[`${key}/${model}`];
  if (one) return { ...one, threads: 1 };
  const two = ox?.runs?.[model]?.cells?.[`${key}/${model}`];
  return two ? { ...two, threads: 2 } : null;
};

// ---- data and models ----
const ds = await loadDataset('heloc', { dataDir, preset: 'openxai', validationFraction: 0, download: false });
const schema = ds.schema;
const x1000 = core.contiguous(core.rowBlock(ds.test.x, 0, Math.min(1000, ds.test.x.rows)), true);
let wrap = (m) => m;
if (backend === 'ort') {
  const onnx = await import(join(pkg('onnx'), 'dist', 'node.js'));
  if (typeof onnx.ortModel !== 'function') throw new Error('packages/onnx/dist/node.js has no ortModel export: build @xai/onnx');
  wrap = (m) => onnx.ortModel(m, { threads: 1 });
}
const head = (m, k) => (k >= m.rows ? m : core.contiguous(core.rowBlock(m, 0, k), true));

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
/** Median per-instance CPU and wall over repetitions until >= minCpu CPU-s (max maxReps). */
function measure(fn, n, { minCpu = 0.3, maxReps = 20 } = {}) {
  const c = [],
    w = [];
  const la0 = loadavg();
  let res;
  for (;;) {
    const c0 = cpuNow(),
      w0 = performance.now();
    res = fn();
    c.push(cpuNow() - c0);
    w.push((performance.now() - w0) / 1000);
    if (c.reduce((a, b) => a + b, 0) >= minCpu || c.length >= maxReps) break;
  }
  const med = (a) => {
    const s = [...a].sort((p, q) => p - q);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  };
  return {
    res,
    rec: {
      instances: n,
      reps: c.length,
      cpuPerInstance: med(c) / n,
      wallPerInstance: med(w) / n,
      cpuTotal: c.reduce((a, b) => a + b, 0),
      loadavgBefore: la0,
      loadavgAfter: loadavg(),
    },
  };
}
const buildExplainer = (id) =>
  createExplainer(id, { preset: 'openxai', seed: 0, train: ds.train.x, ...(id === 'lime' ? { noise: 'numpy-batch' } : {}) });

const rows = [];
const out = { started: new Date().toISOString(), backend, node: process.version, cpu: cpus()[0]?.model, cores: cpus().length, cells: {} };
const put = (model, key, rec, oxKeys) => {
  out.cells[`${key}/${model}`] = rec;
  const oxRecs = oxKeys.map((k) => oxCell(model, k));
  const have = oxRecs.every((r) => r !== null);
  const oxCpu = have ? oxRecs.reduce((a, r) => a + r.cpuPerInstance, 0) : null;
  rows.push({
    cell: `${key}/${model}`,
    ours: rec.cpuPerInstance,
    oursWall: rec.wallPerInstance,
    n: rec.instances,
    load: rec.loadavgAfter[0],
    ox: oxCpu,
    oxN: have ? oxRecs.map((r) => r.instances).join('+') : '',
    oxThreads: have ? [...new Set(oxRecs.map((r) => r.threads))].join('/') : '',
    oxKeys,
  });
  process.stderr.write(
    `${key}/${model}: ${rec.cpuPerInstance.toExponential(3)} CPU-s/inst (n=${rec.instances}, reps=${rec.reps}, load ${rec.loadavgAfter[0].toFixed(1)})${oxCpu !== null ? `  OpenXAI ${oxCpu.toExponential(3)} → ${(oxCpu / rec.cpuPerInstance).toFixed(2)}×` : ''}\n`,
  );
};
// Instance counts: OpenXAI's count for the cell (its harness defaults when the JSON lacks it), at
// least `floor` (more instances only lower the noise of our per-instance figure).
const OX_STAB = { lime: 5, shap: 1, sg: 10, ig: 10 };
const countFor = (model, keys, forced, fallback, floor) =>
  forced ?? Math.max(floor, ...keys.map((k) => oxCell(model, k)?.instances ?? fallback));

for (const kind of MODELS) {
  const json = JSON.parse(readFileSync(join(here, 'models', `heloc-${kind}.json`), 'utf8'));
  const model = wrap(fromModelJson(json));
  const gaps = {};
  for (const id of EXPLAINERS) {
    const explainer = buildExplainer(id);
    const xe = head(x1000, nExplain);
    const explainOpts = id === 'lime' ? { batchPositions: Float64Array.from({ length: xe.rows }, (_, i) => i) } : undefined;
    explainer.explain(model, xe, explainOpts); // warm-up at full size (steady state)
    const { res: attributions, rec } = measure(() => explainer.explain(model, xe, explainOpts), xe.rows);
    if (FAMILIES.includes('explain')) put(kind, `${id}/explain`, rec, [`${id}/explain`]);
    for (const fam of ['pgi', 'pgu']) {
      if (!FAMILIES.includes(fam)) continue;
      const M = fam.toUpperCase();
      const n = Math.min(countFor(kind, [`${id}/${M}`], nPred, 100, 100), attributions.rows);
      const input = { x: head(xe, n), attributions: head(attributions, n), model, schema };
      metrics[fam](input, { preset: 'openxai', seed: 0 }); // warm-up at full size
      const { rec: r } = measure(() => metrics[fam](input, { preset: 'openxai', seed: 0 }), n, { minCpu: 0.3, maxReps: 10 });
      put(kind, `${id}/${M}`, r, [`${id}/${M}`]);
      gaps[id] = input;
    }
    if (FAMILIES.includes('stability')) {
      const stabKeys = kind === 'ann' ? ['RIS', 'RRS', 'ROS'] : ['RIS', 'ROS'];
      const n = Math.min(
        countFor(
          kind,
          stabKeys.map((m) => `${id}/${m}`),
          nStab,
          OX_STAB[id] ?? 100,
          10,
        ),
        attributions.rows,
      );
      const input = { x: head(xe, n), attributions: head(attributions, n), model, schema, explainer };
      const so = { preset: 'openxai', seed: 0, neighbours: 100, candidates: 1000, useGivenAttributions: true };
      metrics.relativeStability(input, so); // warm-up at full size
      // RIS alone beside OpenXAI's RIS; all three (one pass) beside OpenXAI's RIS+RRS+ROS (3 passes).
      const { rec: rRis } = measure(() => metrics.ris(input, so), n, { minCpu: 0, maxReps: 1 });
      put(kind, `${id}/RIS`, rRis, [`${id}/RIS`]);
      const { res: all, rec: rAll } = measure(() => metrics.relativeStability(input, so), n, { minCpu: 0, maxReps: 1 });
      rAll.means = { RIS: all.RIS.mean, ...(all.RRS ? { RRS: all.RRS.mean } : {}), ROS: all.ROS.mean };
      put(
        kind,
        `${id}/${stabKeys.join('+')}`,
        rAll,
        stabKeys.map((m) => `${id}/${m}`),
      );
    }
  }
}
out.finished = new Date().toISOString();

// ---- table ----
const f = (v) => (v === null || v === undefined ? '—' : v >= 0.01 ? v.toFixed(4) : v.toExponential(2));
const lines = [
  `Backend: ${backend} · Node ${process.version} · ${out.cpu} (${out.cores} cores) · ${out.started} → ${out.finished}`,
  '',
  '| cell | ours (CPU-s/inst) | n | load | OpenXAI (CPU-s/inst) | n | OpenBLAS threads | OpenXAI ÷ ours |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ...rows.map(
    (r) =>
      `| ${r.cell} | ${f(r.ours)} | ${r.n} | ${r.load.toFixed(1)} | ${f(r.ox)} | ${r.oxN} | ${r.oxThreads} | ${r.ox === null ? '—' : (r.ox / r.ours).toFixed(2)} |`,
  ),
];
console.log(lines.join('\n'));
if (opt.json) writeFileSync(opt.json, JSON.stringify({ ...out, table: rows }, null, 1));
