// The interpreter's forward + backward (exact input gradients) against ONNX Runtime's forward
// alone, on a 3-layer 256-wide LayerNorm/GELU MLP (d = 32 → 256 → 256 → 256 → 2, what torch
// exports at opset 17: Gemm, LayerNormalization, GELU as Div/Erf/Add/Mul/Mul, Softmax), batch
// 1000, in one run: alternating pairs (an ORT forward, then one interpreter job), CPU-seconds
// from process.cpuUsage (ONNX Runtime pinned to one intra-op thread); each pair's ratio (the
// median and range) and each job's best, the load average printed beside the figures.
//   pnpm --filter @xai/onnx bench:perf   (after pnpm --filter @xai/onnx build)
//   node bench/interpreter-perf.mjs [--rows 1000] [--rounds 7]
import { loadavg } from 'node:os';
import { createRng, kernelBackend } from '@xai/core';
import onnxProto from 'onnx-proto';
import { loadOnnxModel } from '../dist/node.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const n = opt('rows', 1000);
const rounds = opt('rounds', 7);
const d = 32;
const width = 256;
const { onnx } = onnxProto;

/** The graph torch writes for Linear → LayerNorm → GELU, three times, then Linear → Softmax. */
function lnGeluMlp() {
  const rng = createRng(7);
  const tensor = (name, dims, scale) => {
    const v = new Float32Array(dims.reduce((a, b) => a * b, 1));
    for (let i = 0; i < v.length; i++) v[i] = (rng.uniform() * 2 - 1) * scale;
    return { name, dims, dataType: 1, rawData: new Uint8Array(v.buffer) };
  };
  const scalar = (name, value) => ({ name, dims: [], dataType: 1, rawData: new Uint8Array(Float32Array.of(value).buffer) });
  const nodes = [];
  const inits = [scalar('sqrt2', Math.SQRT2), scalar('one', 1), scalar('half', 0.5)];
  let h = 'x';
  let fanIn = d;
  for (let l = 0; l < 3; l++) {
    inits.push(tensor(`W${l}`, [width, fanIn], 1 / Math.sqrt(fanIn)), tensor(`b${l}`, [width], 0.1));
    inits.push(tensor(`g${l}`, [width], 1), tensor(`beta${l}`, [width], 0.1));
    nodes.push(
      { opType: 'Gemm', input: [h, `W${l}`, `b${l}`], output: [`z${l}`], attribute: [{ name: 'transB', type: 2, i: 1 }] },
      {
        opType: 'LayerNormalization',
        input: [`z${l}`, `g${l}`, `beta${l}`],
        output: [`n${l}`],
        attribute: [
          { name: 'axis', type: 2, i: -1 },
          { name: 'epsilon', type: 1, f: 1e-5 },
        ],
      },
      { opType: 'Div', input: [`n${l}`, 'sqrt2'], output: [`d${l}`] },
      { opType: 'Erf', input: [`d${l}`], output: [`e${l}`] },
      { opType: 'Add', input: [`e${l}`, 'one'], output: [`a${l}`] },
      { opType: 'Mul', input: [`n${l}`, `a${l}`], output: [`m${l}`] },
      { opType: 'Mul', input: [`m${l}`, 'half'], output: [`h${l}`] },
    );
    h = `h${l}`;
    fanIn = width;
  }
  inits.push(tensor('Wo', [2, width], 1 / Math.sqrt(width)), tensor('bo', [2], 0.1));
  nodes.push(
    { opType: 'Gemm', input: [h, 'Wo', 'bo'], output: ['logits'], attribute: [{ name: 'transB', type: 2, i: 1 }] },
    { opType: 'Softmax', input: ['logits'], output: ['probabilities'], attribute: [{ name: 'axis', type: 2, i: -1 }] },
  );
  const info = (name, cols) => ({
    name,
    type: { tensorType: { elemType: 1, shape: { dim: [{ dimParam: 'n' }, { dimValue: cols }] } } },
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 17 }],
    graph: { name: 'ln_gelu_mlp', node: nodes, initializer: inits, input: [info('x', d)], output: [info('probabilities', 2)] },
  });
  return onnx.ModelProto.encode(model).finish();
}

const bytes = lnGeluMlp();
if (args.includes('--write')) (await import('node:fs')).writeFileSync('/tmp/lngelu.onnx', bytes);
const data = new Float64Array(n * d);
createRng(1).fillUniform(data);
const x = { rows: n, cols: d, data };
const ort = loadOnnxModel(bytes, { evaluate: 'session', threads: 1, name: 'ln_gelu_mlp.onnx' });
const pure32 = loadOnnxModel(bytes, { precision: 'float32', name: 'ln_gelu_mlp.onnx' });
const pure64 = loadOnnxModel(bytes, { name: 'ln_gelu_mlp.onnx' });
const targets = new Int32Array(n).fill(1);

/** CPU-seconds of one call of fn. */
function cpu(fn) {
  const t0 = process.cpuUsage();
  fn();
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1e6;
}

const jobs = {
  'ONNX Runtime forward (float32, 1 thread)': () => ort.predictProba(x),
  'interpreter forward (float32)': () => pure32.predictProba(x),
  'interpreter forward + backward (float32)': () => pure32.inputGradient(x, targets),
  'interpreter forward + backward (float64)': () => pure64.inputGradient(x, targets),
};
const ORT = 'ONNX Runtime forward (float32, 1 thread)';
for (const fn of Object.values(jobs)) for (let w = 0; w < 3; w++) fn(); // warm-up
const best = Object.fromEntries(Object.keys(jobs).map((k) => [k, Infinity]));
// alternating pairs: each interpreter job timed right after an ORT forward, the pair's ratio kept
const pairs = Object.fromEntries(Object.keys(jobs).map((k) => [k, []]));
for (let r = 0; r < rounds; r++)
  for (const [k, fn] of Object.entries(jobs)) {
    if (k === ORT) continue;
    const o = cpu(jobs[ORT]);
    const s = cpu(fn);
    best[ORT] = Math.min(best[ORT], o);
    best[k] = Math.min(best[k], s);
    pairs[k].push(o / s);
  }
const median = (v) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// agreement: the float32 forward against ONNX Runtime's
const [a, b] = [pure32.predictProba(x), ort.predictProba(x)];
let diff = 0;
for (let i = 0; i < a.data.length; i++) diff = Math.max(diff, Math.abs(a.data[i] - b.data[i]));

const load = loadavg()
  .map((v) => v.toFixed(2))
  .join(' ');
console.log(
  `LayerNorm/GELU MLP ${d}-${width}-${width}-${width}-2, batch ${n}, kernels ${kernelBackend()}; ${rounds} rounds of alternating pairs; load average ${load}`,
);
const ortRate = n / best[ORT];
console.log(`  ${'job'.padEnd(42)} best rows/CPU-s   best ratio   median pair ratio (min-max) of ORT's forward`);
for (const [k, s] of Object.entries(best)) {
  const p = pairs[k];
  const pair = k === ORT ? '' : `   ${median(p).toFixed(3)} (${Math.min(...p).toFixed(3)}-${Math.max(...p).toFixed(3)})`;
  console.log(`  ${k.padEnd(42)} ${(n / s).toExponential(2).padStart(9)}   ${(n / s / ortRate).toFixed(3).padStart(10)}${pair}`);
}
console.log(`  float32 forward vs ONNX Runtime: max |Δp| = ${diff.toExponential(1)}`);
const ratio = median(pairs['interpreter forward + backward (float32)']);
console.log(
  `  target: interpreter forward + backward ≥ 1/3 of ORT's forward rate: ${ratio >= 1 / 3 ? 'met' : 'NOT met'} (${ratio.toFixed(2)})`,
);
ort.dispose();
