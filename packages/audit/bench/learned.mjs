// The learned and id-content probes and the new target encodings: detection on planted
// artifacts, and family-wise false alarms with the new probes in every battery.
//   node bench/learned.mjs [detect|alarms|all=all] [N=400]   (after `npx tsup`; deterministic)
// Seeds here are used by no test (tests: < 1000; this script: 40 000 +).
//
// detect (20 corpora or tables per setting): classification corpora of 600 items (premise,
// hypothesis, id; battery: bag-of-words on each field + id-content) with an id suffix letter
// per class, a cue word per class in the hypothesis, uuid v1 for class 0, hex-12 for class 0;
// tables (600 rows, generateDemoTable) plus a segment code and its target encoding.
// alarms (N each): classification corpora (300 items) clean and with random labels (cues
// planted, then labels re-drawn); multiple-choice demo corpora (300 items) with the eight
// probes + bag-of-words on candidates and query + id-content on candidate ids, clean and with
// random labels; tables with a text id column (hex-8) clean and with random labels.
import { substream } from '@xai/core';
import {
  bagOfWordsProbe,
  classificationProbes,
  defaultProbes,
  generateDemoClassification,
  generateDemoCorpus,
  generateDemoTable,
  idContentProbe,
  runAudit,
  runTabularAudit,
  withTargetEncoding,
} from '../dist/index.js';
import { withTextIds } from './alarmShapes.mjs';

const which = process.argv[2] ?? 'all';
const N = Number(process.argv[3] ?? 400);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pt = (v) => `${v >= 0 ? '+' : ''}${(100 * v).toFixed(1)} pt`;
const clsBattery = classificationProbes({ text: ['premise', 'hypothesis'], ids: 'field' });
const classify = (items, seed) => runAudit(items, { probes: clsBattery, decisionNull: 'across-items', seed });

/** Clopper–Pearson interval for k of n at 95 % (bisection on the binomial tail). */
function clopperPearson(k, n) {
  const logC = (i) => lgamma(n + 1) - lgamma(i + 1) - lgamma(n - i + 1);
  const tail = (p, from) => {
    let s = 0;
    for (let i = from; i <= n; i++) s += Math.exp(logC(i) + i * Math.log(p) + (n - i) * Math.log1p(-p));
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
  const lower = k === 0 ? 0 : solve((p) => tail(p, k) >= 0.025);
  const upper = k === n ? 1 : solve((p) => 1 - tail(p, k + 1) <= 0.025);
  return [lower, upper];
}
function lgamma(x) {
  // Lanczos (g = 7, n = 9): |error| < 1e-13 for x > 0.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lgamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}
const rate = (k, n) => {
  const [lo, hi] = clopperPearson(k, n);
  return `${k}/${n} = ${((100 * k) / n).toFixed(2)} % (95 % CI ${(100 * lo).toFixed(2)}–${(100 * hi).toFixed(2)} %)`;
};

if (which !== 'alarms') {
  const M = 20;
  const settings = [
    ['id suffix letter per class', 'id-content', [0.6, 0.8, 1], (s) => ({ idSuffix: s })],
    ['cue word per class', 'bag-of-words:hypothesis', [0.2, 0.4, 0.6], (s) => ({ word: s })],
    ['uuid v1 (class 0) vs v4', 'id-content', [0.5, 0.75, 1], (s) => ({ uuidVersion: s })],
    ['hex-12 (class 0) vs hex-8', 'id-content', [0.5, 0.75, 1], (s) => ({ hexLength: s })],
  ];
  for (const [label, probe, strengths, cues] of settings) {
    const cells = strengths.map((s, si) => {
      let fired = 0;
      let other = 0;
      const lifts = [];
      for (let k = 0; k < M; k++) {
        const { items } = generateDemoClassification({ seed: 40_000 + 100 * si + k, cues: cues(s) });
        const r = classify(items, k);
        const p = r.probes.find((q) => q.name === probe);
        if (p.fires) fired++;
        if (r.probes.some((q) => q.fires && q.name !== probe)) other++;
        lifts.push(p.lift);
      }
      return `${s}: ${fired}/${M} fire (median lift ${pt(median(lifts))}${other ? `; another probe fired in ${other}` : ''})`;
    });
    console.log(`detect ${label.padEnd(28)} ${probe.padEnd(24)} ${cells.join(' | ')}`);
  }
  for (const [label, encodings] of [
    [
      'leave-one-out',
      [
        { kind: 'loo', m: 0 },
        { kind: 'loo', m: 5 },
        { kind: 'loo', m: 20 },
      ],
    ],
    [
      'm-estimate (row included)',
      [
        { kind: 'm-estimate', m: 1 },
        { kind: 'm-estimate', m: 10 },
        { kind: 'm-estimate', m: 50 },
      ],
    ],
  ]) {
    const cells = encodings.map((e, ei) => {
      let fired = 0;
      const lifts = [];
      for (let k = 0; k < M; k++) {
        const base = generateDemoTable({ seed: 41_000 + 100 * ei + k, rows: 600, testRows: 0 });
        const p = runTabularAudit(withTargetEncoding(base, { ...e, seed: k }), { seed: k }).probes.find((q) => q.name === 'target-encoded');
        if (p.fires) fired++;
        lifts.push(p.lift);
      }
      return `m = ${e.m}: ${fired}/${M} fire (median lift ${pt(median(lifts))})`;
    });
    console.log(`detect ${label.padEnd(28)} ${'target-encoded'.padEnd(24)} ${cells.join(' | ')}`);
  }
}

if (which !== 'detect') {
  const mcBattery = [
    ...defaultProbes,
    bagOfWordsProbe({ part: 'candidates' }),
    bagOfWordsProbe({ part: 'query' }),
    idContentProbe({ part: 'candidates' }),
  ];
  const tableWithIds = (k, labels) =>
    withTextIds(
      generateDemoTable({ seed: 43_000 + k, labels, rows: 300 + 100 * (k % 4), testRows: 0, extras: k % 2 === 0 }),
      substream(43, 'table-ids', k),
    );
  const shapes = {
    'classification clean': (k) => classify(generateDemoClassification({ seed: 44_000 + k, items: 300 }).items, k),
    'classification random labels': (k) => {
      const rng = substream(45, 'random-labels', k);
      const cued = generateDemoClassification({ seed: 45_000 + k, items: 300, cues: { word: 0.6, idSuffix: 1 } }).items;
      return classify(
        cued.map((it) => ({ ...it, answer: rng.int(3) })),
        k,
      );
    },
    'multiple choice clean': (k) => runAudit(generateDemoCorpus({ seed: 46_000 + k }).items, { probes: mcBattery, seed: k }),
    'multiple choice random labels': (k) => {
      const rng = substream(47, 'random-labels', k);
      const cues = k % 2 === 0 ? {} : { case: 0.5, length: 0.5, echo: 0.5, 'id-shape': 0.5 };
      const items = generateDemoCorpus({ seed: 47_000 + k, cues }).items.map((it) => ({ ...it, answer: rng.int(it.candidates.length) }));
      return runAudit(items, { probes: mcBattery, seed: k });
    },
    'tables with text ids clean': (k) => runTabularAudit(tableWithIds(k, 'model'), { seed: k }),
    'tables with text ids random labels': (k) => runTabularAudit(tableWithIds(k, 'random'), { seed: k }),
  };
  for (const [shape, run] of Object.entries(shapes)) {
    const t0 = Date.now();
    let any = 0;
    const perProbe = {};
    for (let k = 0; k < N; k++) {
      const r = run(k);
      let fired = false;
      for (const p of r.probes)
        if (p.fires) {
          perProbe[p.name] = (perProbe[p.name] ?? 0) + 1;
          fired = true;
        }
      if (fired) any++;
    }
    console.log(
      `alarms ${shape.padEnd(36)} any probe fires: ${rate(any, N)} ${JSON.stringify(perProbe)} (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    );
  }
}
