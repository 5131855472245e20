// Family-wise false alarms before/after: the same datasets without a shortcut (the shapes of
// test/alarmShapes.ts, same seeds), audited by a given build with the battery its adapters build.
//   node bench/alarms.mjs <dist dir> <before|after> [N=400] [shape substring]
// before = the battery the adapters built before ids were read in every layout (multiple choice: the eight +
//          bag-of-words on candidates and query; classification: bag-of-words per field + id-content;
//          tables: the eight tabular probes + id-content); after = ids everywhere, label copies (this build).
// Deterministic (seeded); run after `npx tsup`. Clopper–Pearson 95 % intervals.
import { substream } from '@xai/core';

const [dist, which = 'after', nArg = '400', only = ''] = process.argv.slice(2);
const A = await import(`${dist}/index.js`);
const N = Number(nArg);
const ITEMS = 200;
const after = which === 'after';
const hex8 = (rng) => Array.from({ length: 8 }, () => '0123456789abcdef'[rng.int(16)]).join('');

const classify = (items, seed) =>
  A.runAudit(items, {
    probes: [A.bagOfWordsProbe({ part: 'premise' }), A.bagOfWordsProbe({ part: 'hypothesis' }), A.idContentProbe()],
    decisionNull: 'across-items',
    seed,
  });
const multipleChoice = (items, seed) =>
  A.runAudit(items, {
    probes: [
      ...A.defaultProbes,
      A.bagOfWordsProbe({ part: 'candidates' }),
      A.bagOfWordsProbe({ part: 'query' }),
      ...(after ? [A.idContentProbe(), A.idContentProbe({ part: 'candidates' })] : []),
    ],
    seed,
  });
function tableWithIds(k, labels, seed) {
  const t = A.generateDemoTable({ seed: 53_000 + k, labels, rows: 200 + 100 * (k % 4), testRows: 0, extras: k % 2 === 0 });
  const rng = substream(53, 'table-ids', k);
  const ids = Array.from({ length: t.x.rows }, () => hex8(rng));
  const levels = [...new Set(ids)].sort();
  const code = new Map(levels.map((v, c) => [v, c]));
  const cols = t.x.cols + 1;
  const data = new Float64Array(t.x.rows * cols);
  for (let i = 0; i < t.x.rows; i++) {
    data[i * cols] = code.get(ids[i]);
    for (let j = 0; j < t.x.cols; j++) data[i * cols + 1 + j] = t.x.data[i * t.x.cols + j];
  }
  const table = { ...t, x: { rows: t.x.rows, cols, data }, header: ['record_id', ...t.header], text: { record_id: ids } };
  return after
    ? A.runAuditSource({ kind: 'tabular', name: 'alarm table', table, inputs: [] }, { seed })
    : A.runTabularAudit(table, { seed });
}
const shapes = {
  'classification clean': (k) => classify(A.generateDemoClassification({ seed: 50_000 + k, items: ITEMS }).items, k),
  'classification random labels': (k) => {
    const rng = substream(51, 'random-labels', k);
    const cued = A.generateDemoClassification({ seed: 51_000 + k, items: ITEMS, cues: { word: 0.6, idSuffix: 1 } }).items;
    return classify(
      cued.map((it) => ({ ...it, answer: rng.int(3) })),
      k,
    );
  },
  'multiple choice clean': (k) => multipleChoice(A.generateDemoCorpus({ seed: 52_000 + k, items: ITEMS }).items, k),
  'multiple choice random labels': (k) => {
    const rng = substream(52, 'random-labels', k);
    const cues = k % 2 === 0 ? {} : { case: 0.5, length: 0.5, echo: 0.5, 'id-shape': 0.5 };
    const items = A.generateDemoCorpus({ seed: 52_500 + k, items: ITEMS, cues }).items.map((it) => ({
      ...it,
      answer: rng.int(it.candidates.length),
    }));
    return multipleChoice(items, k);
  },
  'tables with text ids clean': (k) => tableWithIds(k, 'model', k),
  'tables with text ids random labels': (k) => tableWithIds(k, 'random', k),
};

function clopperPearson(k, n) {
  const tail = (p, from) => {
    let s = 0;
    let term = (1 - p) ** n;
    for (let i = 0; i <= n; i++) {
      if (i >= from) s += term;
      term *= ((n - i) / (i + 1)) * (p / (1 - p));
    }
    return s;
  };
  const solve = (f) => {
    let lo = 0;
    let hi = 1;
    for (let it = 0; it < 60; it++) {
      const mid = (lo + hi) / 2;
      if (f(mid)) hi = mid;
      else lo = mid;
    }
    return (lo + hi) / 2;
  };
  return [k === 0 ? 0 : solve((p) => tail(p, k) >= 0.025), k === n ? 1 : solve((p) => 1 - tail(p, k + 1) <= 0.025)];
}

for (const [shape, run] of Object.entries(shapes)) {
  if (only && !shape.includes(only)) continue;
  const c0 = process.cpuUsage().user;
  let any = 0;
  const perProbe = {};
  for (let k = 0; k < N; k++) {
    const fired = run(k).probes.filter((p) => p.fires);
    for (const p of fired) perProbe[p.name] = (perProbe[p.name] ?? 0) + 1;
    if (fired.length > 0) any++;
  }
  const [lo, hi] = clopperPearson(any, N);
  const cpu = (process.cpuUsage().user - c0) / 1e6;
  console.log(
    `${which.padEnd(6)} ${shape.padEnd(36)} any probe fires: ${any}/${N} = ${((100 * any) / N).toFixed(2)} % (95 % CI ${(100 * lo).toFixed(2)}–${(100 * hi).toFixed(2)} %) ${JSON.stringify(perProbe)} (${cpu.toFixed(0)} s cpu)`,
  );
}
