// The mixed-id-format and leaked-column shortcuts, regenerated with seeds, sizes and names not used by any
// test:  node bench/acceptance.mjs [N=20]   (after `npx tsup`; deterministic)
// - ids: k = 5 candidates, distractor ids rec_<hex8>, the answer's id R-<6 digits>; clean:
//   every id rec_<hex8>. 500 items per corpus.
// - leak: 1500 rows, 7 legitimate features (noisy views of a latent; together ≈ 73 %), plus
//   `settlement_flag` = the label with 3 % flipped (≈ 97 % alone); clean: without it, and
//   with a strong legitimate feature `bureau_score` instead (latent + small noise).
import { substream } from '@xai/core';
import { generateDemoCorpus, runAudit, runTabularAudit } from '../dist/index.js';

const N = Number(process.argv[2] ?? 20);
const HEX = '0123456789abcdef';
const hex = (r) => {
  let s = '';
  for (let i = 0; i < 8; i++) s += HEX[r.int(16)];
  return s;
};
let idFire = 0,
  idClean = 0,
  leakFire = 0,
  leakClean = 0,
  strongClean = 0;
const leakLines = [];
for (let k = 0; k < N; k++) {
  const rng = substream(9000 + k, 'acceptance-ids');
  const base = generateDemoCorpus({ items: 500, candidates: 5, seed: 7000 + k }).items;
  const cued = base.map((it) => ({
    ...it,
    candidates: it.candidates.map((c, j) => ({
      ...c,
      id: j === it.answer ? `R-${String(rng.int(1e6)).padStart(6, '0')}` : `rec_${hex(rng)}`,
    })),
  }));
  const clean = base.map((it) => ({ ...it, candidates: it.candidates.map((c) => ({ ...c, id: `rec_${hex(rng)}` })) }));
  if (runAudit(cued, { seed: k }).probes.find((p) => p.name === 'id-shape').fires) idFire++;
  if (runAudit(clean, { seed: k }).probes.some((p) => p.fires)) idClean++;

  const t = substream(9500 + k, 'acceptance-leak');
  const n = 1500;
  const d = 7;
  const z = Float64Array.from({ length: n }, () => t.normal());
  const y = Int32Array.from(z, (v) => (v + 0.55 * t.normal() > 0 ? 1 : 0));
  const feats = Array.from({ length: d }, () => Float64Array.from(z, (v) => v + 2.2 * t.normal()));
  const leak = Float64Array.from(y, (v) => (t.bernoulli(0.03) ? 1 - v : v));
  const strong = Float64Array.from(z, (v) => v + 0.3 * t.normal());
  const table = (extra, name) => {
    const cols = extra ? [...feats, extra] : feats;
    const D = cols.length;
    const data = new Float64Array(n * D);
    for (let i = 0; i < n; i++) for (let j = 0; j < D; j++) data[i * D + j] = cols[j][i];
    return { x: { rows: n, cols: D, data }, y, header: [...feats.map((_, j) => `m${j}`), ...(extra ? [name] : [])] };
  };
  const r = runTabularAudit(table(leak, 'settlement_flag'), { seed: k });
  const p = r.probes.find((q) => q.name === 'leaked-column');
  if (p.fires && p.fields[0] === 'settlement_flag') leakFire++;
  if (k < 3)
    leakLines.push(
      `  seed ${k}: alone ${(p.accuracy * 100).toFixed(1)} % (null ${(p.nullMean * 100).toFixed(1)} %), held out ${(p.versus.alone * 100).toFixed(1)} % vs others ${(p.versus.others * 100).toFixed(1)} %, z ${p.versus.z.toFixed(1)}, fires ${p.fires}`,
    );
  if (runTabularAudit(table(null), { seed: k }).probes.some((q) => q.fires)) leakClean++;
  if (runTabularAudit(table(strong, 'bureau_score'), { seed: k }).probes.some((q) => q.fires)) strongClean++;
}
console.log(
  `ids:  R-<digits> among rec_<hex> fires id-shape in ${idFire}/${N} corpora; all-rec_<hex> corpora with any fire: ${idClean}/${N}`,
);
console.log(
  `leak: settlement_flag fires leaked-column in ${leakFire}/${N} tables; clean tables with any fire: ${leakClean}/${N}; with a strong legitimate feature: ${strongClean}/${N}`,
);
console.log(leakLines.join('\n'));
