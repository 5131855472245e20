// Measures false-fire rates of the battery with and without the family-wise (max-T) rule.
//   node bench/familywise.mjs [corpora=400]
// Two kinds of data without a shortcut: clean demo corpora (generator answers, seeds 0..N-1,
// 300 items, k = 4) and random-label corpora (the calibration test's recipe: 100 items, half
// clean, half with six cues at strength 0.5, answers re-drawn uniformly). R = 100, q = 0.99.
// Run after `npx tsup`. Deterministic (seeded), so the figures are exact for these N.
import { substream } from '@xai/core';
import { PROBE_NAMES, generateDemoCorpus, runAudit } from '../dist/index.js';

const N = Number(process.argv[2] ?? 400);
const cues6 = { case: 0.5, length: 0.5, echo: 0.5, 'query-overlap': 0.5, 'stray-field': 0.5, 'id-shape': 0.5 };
const kinds = {
  'clean demo': (s) => ({ items: generateDemoCorpus({ seed: s }).items, seed: 0 }),
  'random labels': (s) => {
    const rng = substream(12345, 'random-labels', s);
    const items = generateDemoCorpus({ items: 100, seed: 500 + s, cues: s % 2 === 0 ? {} : cues6 }).items.map((it) => ({ ...it, answer: rng.int(it.candidates.length) }));
    return { items, seed: s };
  },
};
for (const [kind, make] of Object.entries(kinds)) {
  for (const familyWise of ['none', 'max-t']) {
    const perProbe = Object.fromEntries(PROBE_NAMES.map((n) => [n, 0]));
    let any = 0;
    let crit = [];
    for (let s = 0; s < N; s++) {
      const { items, seed } = make(s);
      const r = runAudit(items, { seed, familyWise });
      let fired = false;
      for (const p of r.probes) if (p.fires) { perProbe[p.name]++; fired = true; }
      if (fired) any++;
      if (Number.isFinite(r.familyCritical)) crit.push(r.familyCritical);
    }
    const total = Object.values(perProbe).reduce((a, b) => a + b, 0);
    crit.sort((a, b) => a - b);
    const c = crit.length ? ` c ${crit[0].toFixed(2)}–${crit[crit.length - 1].toFixed(2)} (median ${crit[crit.length >> 1].toFixed(2)})` : '';
    console.log(`${kind.padEnd(13)} ${familyWise.padEnd(5)} corpora with ≥ 1 fire: ${any}/${N} (${(100 * any / N).toFixed(1)} %); probe fires ${total}/${N * 8} (${(100 * total / N / 8).toFixed(2)} % per probe) ${JSON.stringify(perProbe)}${c}`);
  }
}
