// Throughput of the audit (run after `npx tsup`): node bench/perf.mjs
// The machine is shared with other jobs while this runs: figures are noisy; medians of 3.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { substream } from '@xai/core';
import {
  bagOfWordsProbe,
  csvAdapter,
  generateDemoClassification,
  generateDemoCorpus,
  runAudit,
  runAuditSource,
  runTabularAudit,
} from '../dist/node.js';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time(fn, reps = 3) {
  const ts = [];
  let out;
  for (let r = 0; r < reps; r++) {
    const t0 = performance.now();
    out = fn();
    ts.push(performance.now() - t0);
  }
  return { ms: median(ts), out };
}

const N = 10_000;
const R = 100;
const gen = time(() => generateDemoCorpus({ items: N, seed: 1, cues: { length: 0.3, echo: 0.3 } }));
const items = gen.out.items;
console.log(`node ${process.version}, ${N} items x 4 candidates, battery of 8 probes, R = ${R} permutations per null (two nulls)`);
console.log(`generate corpus          ${gen.ms.toFixed(0).padStart(6)} ms  (${(N / (gen.ms / 1000)).toFixed(0)} items/s)`);
const one = time(() => runAudit(items, { permutations: 1 }));
const full = time(() => runAudit(items, { permutations: R }));
console.log(`probes + 1 draw          ${one.ms.toFixed(0).padStart(6)} ms  (${(N / (one.ms / 1000)).toFixed(0)} items/s)`);
console.log(`full audit, R = ${R}      ${full.ms.toFixed(0).padStart(6)} ms  (${(N / (full.ms / 1000)).toFixed(0)} items/s)`);
console.log(
  `  of which null draws    ${(full.ms - one.ms).toFixed(0).padStart(6)} ms  (${((full.ms - one.ms) / (R - 1)).toFixed(2)} ms per draw of both nulls)`,
);
const signs = full.out.probes.reduce((s, p) => s + p.signs.length, 0);
console.log(`  (${signs} probe signs scored per draw; probes run once per item and sign, never inside a draw)`);

const adult = new URL('../../../../shared/datasets/adult/', import.meta.url).pathname;
if (existsSync(adult)) {
  const src = await csvAdapter.load({ file: `${adult}adult-train.csv`, test: `${adult}adult-test.csv` });
  const tab = time(() => runAuditSource(src, { permutations: R }), 1);
  console.log(
    `tabular: adult train ${src.table.x.rows} rows x ${src.table.x.cols} cols (+ test ${src.table.test.x.rows}), R = ${R}: ${tab.ms.toFixed(0)} ms (${(src.table.x.rows / (tab.ms / 1000)).toFixed(0)} rows/s)`,
  );
} else {
  console.log('tabular: ../shared/datasets not found, skipped');
}

// The issue-13 size: 100 000 rows x 50 columns, R = 100, all eight tabular probes. 40 numeric
// columns (noisy views of a latent), 10 low-cardinality codes, 5 % missing at random in two
// columns; once as one file (within-file probes), once with a 20 000-row test split
// (train -> test copies and near-copies).
function bigTable(rows, testRows) {
  const d = 50;
  const rng = substream(7, 'perf-table');
  const make = (m) => {
    const data = new Float64Array(m * d);
    const y = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      const z = rng.normal();
      y[i] = z + 0.8 * rng.normal() > 0 ? 1 : 0;
      for (let j = 0; j < 40; j++) data[i * d + j] = z + 2 * rng.normal();
      for (let j = 40; j < 50; j++) data[i * d + j] = rng.int(8);
      if (rng.bernoulli(0.05)) data[i * d + 3] = Number.NaN;
      if (rng.bernoulli(0.05)) data[i * d + 7] = Number.NaN;
    }
    return { x: { rows: m, cols: d, data }, y };
  };
  const train = make(rows);
  return { ...train, header: Array.from({ length: d }, (_, j) => `c${j}`), ...(testRows > 0 ? { test: make(testRows) } : {}) };
}
for (const [rows, testRows] of [
  [100_000, 0],
  [100_000, 20_000],
]) {
  const t = bigTable(rows, testRows);
  const one = time(() => runTabularAudit(t, { permutations: 1 }), 1);
  const full = time(() => runTabularAudit(t, { permutations: R }), 1);
  const fired = full.out.probes.filter((p) => p.fires).map((p) => p.name);
  console.log(
    `tabular ${rows} x 50${testRows ? ` + test ${testRows}` : ''}, 8 probes, R = ${R}: ${(full.ms / 1000).toFixed(1)} s (${(rows / (full.ms / 1000)).toFixed(0)} rows/s); setup + 1 draw ${(one.ms / 1000).toFixed(1)} s, ${((full.ms - one.ms) / (R - 1)).toFixed(0)} ms per null draw; fires: ${fired.length ? fired.join(', ') : 'none'}`,
  );
}

// The learned partial-input baseline at 100 000 items: a 3-class corpus (hypotheses of 4–9
// words, a cue word in 20 %), bag-of-words (unigrams + bigrams) on the hypothesis, 5 folds.
// One fit = count every row's features, then score every row with its held-out folds' model;
// the audit refits once per draw of the decision null (R + 1 fits for classification). CPU time beside wall time: the
// machine is shared, and CPU time is what the fit costs.
{
  const M = 100_000;
  const { items } = generateDemoClassification({ seed: 5, items: M, cues: { word: 0.2 } });
  const probe = bagOfWordsProbe({ part: 'hypothesis' });
  const cpu = () => process.cpuUsage().user / 1000;
  let c0 = cpu();
  const prep = time(() => probe.prepare(items, 0), 1);
  const prepCpu = cpu() - c0;
  const answers = Int32Array.from(items, (it) => it.answer);
  const out = new Int32Array(M);
  c0 = cpu();
  const fit = time(() => prep.out.choose(answers, out), 5);
  const fitCpu = (cpu() - c0) / 5;
  c0 = cpu();
  const audit = time(() => runAudit(items, { probes: [probe], decisionNull: 'across-items', permutations: R }), 1);
  const auditCpu = cpu() - c0;
  const p = audit.out.probes[0];
  console.log(
    `learned baseline, ${M} items: featurise ${prep.ms.toFixed(0)} ms (cpu ${prepCpu.toFixed(0)} ms); one cross-fitted fit ${fit.ms.toFixed(0)} ms (cpu ${fitCpu.toFixed(0)} ms, ${(M / (fitCpu / 1000)).toFixed(0)} items/s per fit)`,
  );
  console.log(
    `  full audit, R = ${R} (${R + 1} fits: across-items decides; fitted probes skip the within-item null there): ${(audit.ms / 1000).toFixed(1)} s wall, ${(auditCpu / 1000).toFixed(1)} s cpu (${(M / (auditCpu / 1000)).toFixed(0)} items/s); accuracy ${(100 * p.accuracy).toFixed(1)} % vs null ${(100 * p.nullMean).toFixed(1)} %, fires ${p.fires}`,
  );
}
