// Rewrites every figure of README.md and docs/*.md tagged `<!--r <entry> <json path>-->` from
// receipts/ledger.json, keeping the figure's printed precision and format (the inverse of
// src/receipts/readmeFigures.test.ts). Run after `npm run receipts:record`:
//   node scripts/update-readme-figures.mjs        (prints what changed)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';

const pkg = new URL('../', import.meta.url).pathname;
const files = [
  `${pkg}README.md`,
  ...readdirSync(`${pkg}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `${pkg}docs/${f}`),
];
const ledger = JSON.parse(readFileSync(`${pkg}receipts/ledger.json`, 'utf8'));
const byId = new Map(ledger.entries.map((e) => [e.id, e.expected]));
const TAG = /(`[^`\n]+`|[+-]?\d[\d.]*(?:\s?(?:%|pt))?(?:–\d[\d.]*(?:\s?%)?)?)<!--r (\S+) ([^>]*?)\s*-->/g;
function at(value, path) {
  let v = value;
  for (const part of path.split(/\.|(?=\[)/)) {
    if (v === null || v === undefined) return undefined;
    const idx = /^\[(\d+)\]$/.exec(part);
    v = idx ? v[Number(idx[1])] : v[part];
  }
  return v;
}
let changed = 0;
for (const file of files) {
  const out = readFileSync(file, 'utf8').replace(TAG, (whole, figure, id, pathText) => {
    const expected = byId.get(id);
    if (expected === undefined) {
      console.log(`no ledger entry ${id}`);
      return whole;
    }
    const values = pathText.split(/\s+/).map((p) => at(expected, p));
    if (values.some((v) => v === undefined)) {
      console.log(`${id} has no ${pathText}`);
      return whole;
    }
    let shown;
    if (figure.startsWith('`')) shown = `\`${values.map(String).join('–')}\``;
    else {
      const unit = figure.includes('%') ? '%' : figure.includes('pt') ? 'pt' : '';
      const space = /\s(%|pt)/.test(figure) ? ' ' : '';
      const signed = /^[+-]/.test(figure);
      const parts = figure
        .replace(/%|pt/g, '')
        .split('–')
        .map((s) => s.trim());
      shown =
        parts
          .map((p, k) => {
            const digits = p.includes('.') ? p.length - p.indexOf('.') - 1 : 0;
            const text = (Number(values[k]) * (unit ? 100 : 1)).toFixed(digits);
            return signed && !text.startsWith('-') ? `+${text}` : text;
          })
          .join('–') + (unit ? `${space}${unit}` : '');
    }
    if (shown !== figure) {
      changed++;
      console.log(`${id} ${pathText}: ${figure} -> ${shown}`);
    }
    return `${shown}<!--r ${id} ${pathText}-->`;
  });
  writeFileSync(file, out);
}
console.log(`${changed} figures changed`);
