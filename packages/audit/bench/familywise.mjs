// Measures false-fire rates (family-wise: "any probe fires") on data without a shortcut.
//   node bench/familywise.mjs [N=400] [corpora|tables|all=all]
// Run after `npx tsup`. Deterministic (seeded): the figures are exact for these N.
//
// Corpora (multiple choice, 8 probes), per-probe rule vs max-T:
// - clean demo: generator answers, seeds 0..N-1, 300 items, k = 4;
// - random labels: the calibration test's recipe (100 items, half clean, half with six cues
//   at strength 0.5, answers re-drawn uniformly);
// - realistic ids: clean demo items re-id'd with one generator per corpus (uuid v4,
//   rec_<hex8>, hex-12, base36-10 or padded integers), answers at random.
// Tables (8 tabular probes, max-T + leak rule), generateDemoTable with rows 200-600,
// 3-10 features, 30 % or 50 % positives, extras (categorical code, rate column, 15 % missing
// at random) on every other table, a 100-row test split on every other table:
// - clean: labels from the latent variable (legitimate signal);
// - random labels: labels independent of every column.
import { substream } from '@xai/core';
import { PROBE_NAMES, TABULAR_PROBE_NAMES, generateDemoCorpus, generateDemoTable, runAudit, runTabularAudit } from '../dist/index.js';

const N = Number(process.argv[2] ?? 400);
const which = process.argv[3] ?? 'all';
const rate = (k, n) => `${k}/${n} (${((100 * k) / n).toFixed(2)} %)`;

if (which !== 'tables') {
  const cues6 = { case: 0.5, length: 0.5, echo: 0.5, 'query-overlap': 0.5, 'stray-field': 0.5, 'id-shape': 0.5 };
  const HEX = '0123456789abcdef';
  const B36 = '0123456789abcdefghijklmnopqrstuvwxyz';
  const idGens = [
    (r) => `${s(r, HEX, 8)}-${s(r, HEX, 4)}-4${s(r, HEX, 3)}-${'89ab'[r.int(4)]}${s(r, HEX, 3)}-${s(r, HEX, 12)}`,
    (r) => `rec_${s(r, HEX, 8)}`,
    (r) => s(r, HEX, 12),
    (r) => s(r, B36, 10),
    (r) => String(r.int(1e6)).padStart(6, '0'),
  ];
  function s(r, alphabet, n) {
    let o = '';
    for (let i = 0; i < n; i++) o += alphabet[r.int(alphabet.length)];
    return o;
  }
  const kinds = {
    'clean demo': (k) => ({ items: generateDemoCorpus({ seed: k }).items, seed: 0 }),
    'random labels': (k) => {
      const rng = substream(12345, 'random-labels', k);
      const items = generateDemoCorpus({ items: 100, seed: 500 + k, cues: k % 2 === 0 ? {} : cues6 }).items.map((it) => ({
        ...it,
        answer: rng.int(it.candidates.length),
      }));
      return { items, seed: k };
    },
    'realistic ids': (k) => {
      const rng = substream(777, 'ids', k);
      const gen = idGens[k % idGens.length];
      const items = generateDemoCorpus({ items: 200, seed: 2000 + k }).items.map((it) => ({
        ...it,
        answer: rng.int(it.candidates.length),
        candidates: it.candidates.map((c) => ({ ...c, id: gen(rng) })),
      }));
      return { items, seed: k };
    },
  };
  for (const [kind, make] of Object.entries(kinds)) {
    for (const familyWise of ['none', 'max-t']) {
      const perProbe = Object.fromEntries(PROBE_NAMES.map((n) => [n, 0]));
      let any = 0;
      for (let k = 0; k < N; k++) {
        const { items, seed } = make(k);
        const r = runAudit(items, { seed, familyWise });
        let fired = false;
        for (const p of r.probes)
          if (p.fires) {
            perProbe[p.name]++;
            fired = true;
          }
        if (fired) any++;
      }
      const total = Object.values(perProbe).reduce((a, b) => a + b, 0);
      console.log(
        `corpora ${kind.padEnd(13)} ${familyWise.padEnd(5)} with ≥ 1 fire: ${rate(any, N)}; probe fires ${rate(total, N * 8)} ${JSON.stringify(perProbe)}`,
      );
    }
  }
}

if (which !== 'corpora') {
  for (const labels of ['model', 'random']) {
    const perProbe = Object.fromEntries(TABULAR_PROBE_NAMES.map((n) => [n, 0]));
    const nullOnly = Object.fromEntries(TABULAR_PROBE_NAMES.map((n) => [n, 0]));
    let any = 0;
    const t0 = Date.now();
    for (let k = 0; k < N; k++) {
      const t = generateDemoTable({
        seed: 10_000 + k,
        labels,
        rows: 200 + 100 * (k % 5),
        features: 3 + (k % 8),
        positive: k % 3 === 0 ? 0.3 : 0.5,
        extras: k % 2 === 0,
        testRows: k % 4 < 2 ? 100 : 0,
      });
      const r = runTabularAudit(t, { seed: k });
      let fired = false;
      for (const p of r.probes) {
        if (p.fires) {
          perProbe[p.name]++;
          fired = true;
        }
        // How often the null rule alone would have fired (before the leak rule's comparison).
        if (p.covered >= r.receipt.minCovered && p.accuracy - p.threshold > r.receipt.margin) nullOnly[p.name]++;
      }
      if (fired) any++;
    }
    const total = Object.values(perProbe).reduce((a, b) => a + b, 0);
    console.log(
      `tables ${labels === 'model' ? 'clean' : 'random labels'} (${Date.now() - t0} ms): with ≥ 1 fire ${rate(any, N)}; probe fires ${rate(total, N * 8)} ${JSON.stringify(perProbe)}; null rule alone ${JSON.stringify(nullOnly)}`,
    );
  }
}
