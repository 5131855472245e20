import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Ledger } from './ledger.js';

// Every figure the README quotes from a receipt carries a tag right after it:
//   27.6 %<!--r demo-default probes[4].accuracy-->          one value (a rate: shown as a percent)
//   176–205<!--r envelope-id-shape-5 a.min a.max-->           a range: one path per end
//   `shortest`<!--r demo-length-shortest cued.probes[2].sign--> a string, compared exactly
// The check formats the ledger's value with the README's own precision and compares the
// text; a hand edit that drifts from the ledger fails here.
const pkg = new URL('../../', import.meta.url).pathname;
// The README and the docs/ pages: measurements live in docs/, each figure beside its tag.
const readme = [
  `${pkg}README.md`,
  ...readdirSync(`${pkg}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `${pkg}docs/${f}`),
]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const ledger = JSON.parse(readFileSync(`${pkg}receipts/ledger.json`, 'utf8')) as Ledger;

const TAG = /(`[^`\n]+`|[+-]?\d[\d.]*(?:\s?(?:%|pt))?(?:–\d[\d.]*(?:\s?%)?)?)<!--r (\S+) ([^>]*?)\s*-->/g;

function at(value: unknown, path: string): unknown {
  let v = value;
  for (const part of path.split(/\.|(?=\[)/)) {
    if (v === null || v === undefined) return undefined;
    const idx = /^\[(\d+)\]$/.exec(part);
    v = idx ? (v as unknown[])[Number(idx[1])] : (v as Record<string, unknown>)[part];
  }
  return v;
}

/** Mismatches between the tagged figures of `text` and the ledger, and how many tags were read. */
function checkFigures(text: string, l: Ledger): { tags: number; problems: string[] } {
  const byId = new Map(l.entries.map((e) => [e.id, e.expected]));
  const problems: string[] = [];
  let tags = 0;
  for (const m of text.matchAll(TAG)) {
    tags++;
    const [, figure, id, pathText] = m as unknown as [string, string, string, string];
    const expected = byId.get(id);
    if (expected === undefined) {
      problems.push(`${figure}: no ledger entry "${id}"`);
      continue;
    }
    const paths = pathText.split(/\s+/);
    const values = paths.map((p) => at(expected, p));
    if (values.some((v) => v === undefined)) {
      problems.push(`${figure}: ${id} has no ${pathText}`);
      continue;
    }
    let shown: string;
    if (figure.startsWith('`')) shown = `\`${values.map(String).join('–')}\``;
    else {
      // '%' and 'pt' (percentage points, signed: +9.7 pt) are rates shown ×100.
      const unit = figure.includes('%') ? '%' : figure.includes('pt') ? 'pt' : '';
      const signed = /^[+-]/.test(figure);
      const parts = figure
        .replace(/%|pt/g, '')
        .split('–')
        .map((s) => s.trim());
      if (parts.length !== values.length) {
        problems.push(`${figure}: ${parts.length} numbers but ${values.length} paths`);
        continue;
      }
      shown =
        parts
          .map((p, k) => {
            const digits = p.includes('.') ? p.length - p.indexOf('.') - 1 : 0;
            const v = Number(values[k]) * (unit ? 100 : 1);
            const text = v.toFixed(digits);
            return signed && !text.startsWith('-') ? `+${text}` : text;
          })
          .join('–') + unit;
    }
    const written = figure.startsWith('`') ? figure : figure.replace(/\s/g, '');
    if (shown !== written) problems.push(`README says ${figure}, ledger ${id} ${pathText} gives ${shown}`);
  }
  return { tags, problems };
}

const byEntry = (l: Ledger, id: string): unknown => l.entries.find((e) => e.id === id)?.expected;

describe('README figures agree with the receipts ledger', () => {
  it('every tagged figure equals its ledger value at the printed precision', () => {
    const { tags, problems } = checkFigures(readme, ledger);
    expect(problems).toEqual([]);
    expect(tags).toBeGreaterThanOrEqual(60);
  });

  it('every receipt the README names exists in the ledger', () => {
    const ids = new Set(ledger.entries.map((e) => e.id));
    const named = [...readme.matchAll(/receipts? `([a-z0-9-]+)`/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    for (const id of named) expect(ids.has(id), id).toBe(true);
  });

  it('catches a hand edit: a drifted figure, a wrong range end, a wrong sign, an unknown entry', () => {
    const tag = '<!--r demo-default cued.probes[0].nullMean-->';
    expect(readme).toContain(`27.9 %${tag}`);
    expect(checkFigures(readme.replace(`27.9 %${tag}`, `28.0 %${tag}`), ledger).problems).toHaveLength(1);
    expect(
      checkFigures('cov 176–206<!--r envelope-id-shape-5 envelopes[1].probes[6].covered.min envelopes[1].probes[6].covered.max-->', ledger)
        .problems,
    ).toHaveLength(1);
    expect(
      checkFigures('cov 176–205<!--r envelope-id-shape-5 envelopes[1].probes[6].covered.min envelopes[1].probes[6].covered.max-->', ledger)
        .problems,
    ).toEqual([]);
    expect(checkFigures('`longest`<!--r demo-length-shortest cued.probes[2].sign-->', ledger).problems).toHaveLength(1);
    expect(checkFigures('1.0 %<!--r no-such-entry probes[0].accuracy-->', ledger).problems).toHaveLength(1);
    // signed percentage points: the sign is part of the figure
    const lift = at(byEntry(ledger, 'demo-default'), 'cued.probes[0].lift') as number;
    expect(checkFigures(`+${(lift * 100).toFixed(1)} pt<!--r demo-default cued.probes[0].lift-->`, ledger).problems).toEqual([]);
    expect(checkFigures(`-${(lift * 100).toFixed(1)} pt<!--r demo-default cued.probes[0].lift-->`, ledger).problems).toHaveLength(1);
  });
});
