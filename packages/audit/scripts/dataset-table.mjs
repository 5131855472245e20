// Prints docs/measurements.md's per-dataset, per-probe table (floor, null, lift, leak rule) from
// receipts/ledger.json, every figure tagged with its receipt path (checked by
// src/receipts/readmeFigures.test.ts).   node scripts/dataset-table.mjs
import { readFileSync } from 'node:fs';

const pkg = new URL('../', import.meta.url).pathname;
const ledger = JSON.parse(readFileSync(`${pkg}receipts/ledger.json`, 'utf8'));
const ids = ['csv-adult', 'csv-compas', 'csv-german', 'csv-heloc', 'csv-pima', 'csv-gaussian', 'csv-synthgauss'];
const pct = (v) => `${(v * 100).toFixed(1)} %`;
const pt = (v) => `${v >= 0 ? '+' : ''}${(v * 100).toFixed(1)} pt`;
const tag = (id, path) => `<!--r ${id} ${path}-->`;
const out = [
  '| dataset | probe | fires | covered | floor (accuracy) | null mean | bound | lift | leak rule: alone vs others |',
  '|---|---|---|---:|---:|---:|---:|---:|---|',
];
for (const id of ids) {
  const e = ledger.entries.find((x) => x.id === id);
  if (!e) continue;
  const name = id.replace(/^csv-/, '');
  const abstain = [];
  e.expected.probes.forEach((p, k) => {
    const at = (f) => `probes[${k}].${f}`;
    if (p.covered === 0) {
      abstain.push(p.name);
      return;
    }
    const v = p.versus;
    const vs = v
      ? `${pct(v.alone)}${tag(id, at('versus.alone'))} vs ${pct(v.others)}${tag(id, at('versus.others'))} (z ${v.z.toFixed(1)})`
      : '–';
    out.push(
      `| ${name} | ${p.name} | \`${p.fires}\`${tag(id, at('fires'))} | ${p.covered}${tag(id, at('covered'))} | ${pct(p.accuracy)}${tag(id, at('accuracy'))} | ${pct(p.nullMean)}${tag(id, at('nullMean'))} | ${p.threshold === null ? '–' : `${pct(p.threshold)}${tag(id, at('threshold'))}`} | ${pt(p.lift)}${tag(id, at('lift'))} | ${vs} |`,
    );
  });
  out.push(`| ${name} | *abstain* | | | ${abstain.join(', ')} | | | | |`);
}
console.log(out.join('\n'));
