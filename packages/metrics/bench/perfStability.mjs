// Stability loop on the built-in ANN (20 -> 100 -> 100 -> 2) with the real LIME, KernelSHAP
// and SmoothGrad explainers (openxai and default presets): CPU ms per instance and the work
// done (model rows, explained rows). Prints figures; it is not a test.
// Usage: node bench/perfStability.mjs [instances=4] [dist=../dist/index.js]
// (METRICS_DIST=/path/to/old/dist/index.js compares an older build on the same case.)
import { createRng } from '@xai/core';
import { createExplainer } from '@xai/explainers';
import { createAnn } from '@xai/models';

const N = Number(process.argv[2] ?? 4);
const dist = process.env.METRICS_DIST ?? '../dist/index.js';
const { relativeStability } = await import(dist);
const D = 20;
const model = createAnn(D, { seed: 1 });
const x = { rows: N, cols: D, data: new Float64Array(N * D) };
createRng(42).fillUniform(x.data);
// KernelSHAP's background needs training rows: 200 uniform rows of the same space.
const train = { rows: 200, cols: D, data: new Float64Array(200 * D) };
createRng(43).fillUniform(train.data);

function counted(m) {
  const c = { rows: 0, calls: 0 };
  const wrap =
    (f) =>
    (a, ...rest) => {
      c.rows += a.rows;
      c.calls++;
      return f.call(m, a, ...rest);
    };
  const out = Object.create(m);
  out.predictProba = wrap(m.predictProba);
  if (m.logits) out.logits = wrap(m.logits);
  if (m.hidden) out.hidden = wrap(m.hidden);
  if (m.inputGradient) out.inputGradient = wrap(m.inputGradient);
  return { model: out, c };
}

console.log(`stability on createAnn(${D}) [100,100], ${N} instances, 1000 candidates, <= 100 neighbours; dist ${dist}`);
console.log(`Node ${process.version}; CPU ms of this process per instance (machine shared: see uptime)`);
for (const id of ['sg', 'lime', 'shap']) {
  for (const preset of ['openxai', 'default']) {
    const explainer = createExplainer(id, id === 'shap' ? { preset, train } : { preset });
    const w = counted(model);
    const t0 = process.cpuUsage();
    const w0 = performance.now();
    const r = relativeStability({ x, model: w.model, explainer }, { preset, seed: 0 });
    const dt = process.cpuUsage(t0);
    const wall = performance.now() - w0;
    const cpu = (dt.user + dt.system) / 1000;
    console.log(
      `  ${id.padEnd(5)} ${preset.padEnd(8)} cpu ${(cpu / N).toFixed(0).padStart(6)} ms/inst  wall ${(wall / N).toFixed(0).padStart(6)}  model rows/inst ${(w.c.rows / N).toFixed(0).padStart(8)}  calls ${w.c.calls}  RIS[0] ${r.RIS.values[0]}`,
    );
  }
}
