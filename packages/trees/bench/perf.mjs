// bench:perf of @xai/trees: TreeSHAP rows per CPU-second beside XGBoost's pred_contribs (C++, 1 thread),
// and the tree evaluator's rows per CPU-second beside ONNX Runtime's (1 intra-op thread), on a 100-tree
// depth-6 XGBoost ensemble over 30 features. Rounds alternate (ours, theirs) in one run; medians reported.
// Needs /usr/bin/python3 with xgboost and onnx (Debian's python3-xgboost, python3-onnx).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { treeShapExplainer } from '@xai/explainers';
import { loadTreeModel } from '@xai/trees/node';
import * as ort from 'onnxruntime-node';

const SHAP_ROWS = 2000;
const EVAL_ROWS = 50000;
const ROUNDS = 7;
const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'xai-trees-perf-'));

const py = spawn('/usr/bin/python3', [join(here, 'xgboost_side.py'), dir, String(SHAP_ROWS)], { stdio: ['pipe', 'pipe', 'inherit'] });
const lines = createInterface({ input: py.stdout })[Symbol.asyncIterator]();
const next = async () => (await lines.next()).value;
if ((await next()) !== 'ready') throw new Error('xgboost side did not start');

const cpu = (f) => {
  const t = process.cpuUsage();
  f();
  const u = process.cpuUsage(t);
  return (u.user + u.system) / 1e6;
};
const median = (a) => [...a].sort((p, q) => p - q)[a.length >> 1];

const model = loadTreeModel(join(dir, 'm.json'));
const f32 = new Float32Array(readFileSync(join(dir, 'x.f32')).buffer.slice(0));
const xShap = { rows: SHAP_ROWS, cols: 30, data: Float64Array.from(f32) };
const explainer = treeShapExplainer();
// Sanity: efficiency on the timed rows.
const check = explainer.explainTrees(model, { rows: 5, cols: 30, data: xShap.data.subarray(0, 150) });
console.log(
  `TreeSHAP efficiency check: row 0 Σφ + E − f(x) = ${(check.attributions.data.subarray(0, 30).reduce((a, b) => a + b, 0) + check.expectedValue[0] - check.rawScore[0]).toExponential(2)}`,
);

const ours = [];
const theirs = [];
for (let r = 0; r < ROUNDS; r++) {
  ours.push(cpu(() => explainer.explainTrees(model, xShap)));
  py.stdin.write('contribs\n');
  theirs.push(Number(await next()));
}
py.stdin.end();
const shapTs = SHAP_ROWS / median(ours);
const shapXgb = SHAP_ROWS / median(theirs);

// Evaluator against ONNX Runtime: the same rows tiled to EVAL_ROWS.
const xe32 = new Float32Array(EVAL_ROWS * 30);
for (let i = 0; i < xe32.length; i++) xe32[i] = f32[i % f32.length];
const xEval = { rows: EVAL_ROWS, cols: 30, data: Float64Array.from(xe32) };
const session = await ort.InferenceSession.create(join(dir, 'm.onnx'), { intraOpNumThreads: 1, interOpNumThreads: 1 });
const feeds = { input: new ort.Tensor('float32', xe32, [EVAL_ROWS, 30]) };
const evalOurs = [];
const evalOrt = [];
let maxDiff = 0;
for (let r = 0; r < ROUNDS; r++) {
  let p;
  evalOurs.push(cpu(() => (p = model.predictProba(xEval))));
  const t = process.cpuUsage();
  const res = await session.run(feeds, ['probabilities']);
  const u = process.cpuUsage(t);
  evalOrt.push((u.user + u.system) / 1e6);
  const q = res.probabilities.data;
  for (let i = 0; i < q.length; i += 97) maxDiff = Math.max(maxDiff, Math.abs(q[i] - p.data[i]));
}
rmSync(dir, { recursive: true, force: true });
const evalTs = EVAL_ROWS / median(evalOurs);
const evalOrtRate = EVAL_ROWS / median(evalOrt);
const fmt = (v) => Math.round(v).toLocaleString('en-US');
console.log(
  `load average ${loadavg()
    .map((v) => v.toFixed(1))
    .join(' ')}; ${ROUNDS} alternating rounds, medians of CPU-seconds`,
);
console.log('| what | xai (rows / CPU-s) | reference (rows / CPU-s) | ratio | target |');
console.log('| --- | ---: | ---: | ---: | ---: |');
console.log(
  `| TreeSHAP path-dependent, ${SHAP_ROWS} rows | ${fmt(shapTs)} | ${fmt(shapXgb)} (xgboost pred_contribs, 1 thread) | ${(shapTs / shapXgb).toFixed(2)}x | ≥ 0.5x |`,
);
console.log(
  `| predictProba, ${EVAL_ROWS} rows | ${fmt(evalTs)} | ${fmt(evalOrtRate)} (onnxruntime-node, 1 thread) | ${(evalTs / evalOrtRate).toFixed(2)}x | ≥ 2x |`,
);
console.log(`largest |probability difference| to ONNX Runtime (every 97th value): ${maxDiff.toExponential(2)}`);
