import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { columnsSource } from '../adapters/columnsSource.js';
import { runAuditSource } from '../adapters/runAuditSource.js';
import { twinGroups } from '../internal/twins.js';
import { tokenize } from '../internal/text.js';
import { bagOfWordsProbe } from './bagOfWordsProbe.js';
import { sourceBattery } from './sourceBattery.js';

// COPA's development set and its Balanced COPA mirror (fixtures/copa; BSD 2-Clause and MIT). Kavumba et al.
// (COIN 2019) list single-token cues of COPA's alternatives (applicability, productivity, coverage in the
// manner of Niven & Kao): weak cues. Their mirrored items reuse each item's alternatives with a new premise
// that makes the other one right: twins with opposite answers.
interface Row {
  id: number;
  premise: string;
  choice1: string;
  choice2: string;
  label: number;
}
const lines = readFileSync(new URL('../../fixtures/copa/balanced-copa-dev.jsonl', import.meta.url), 'utf8')
  .trim()
  .split('\n');
const rows = lines.map((l) => JSON.parse(l) as Row);
const original = lines.filter((_, i) => rows[i]!.id <= 500).join('\n');
const layout = { candidates: ['choice1', 'choice2'], answer: 'label', query: ['premise'] };
const audit = (content: string) => {
  const src = columnsSource({ name: 'copa.jsonl', content }, layout);
  return runAuditSource(src, { probes: sourceBattery(src, { text: ['candidates', 'query'] }) });
};

describe('COPA and Balanced COPA', () => {
  it("recounts Kavumba et al.'s cue table (COPA dev, alternatives only) digit for digit", () => {
    const copa = rows.filter((r) => r.id <= 500);
    const table: [string, number, number, number][] = [];
    for (const cue of ['in', 'was', 'to', 'the', 'a']) {
      let applicable = 0;
      let productive = 0;
      for (const r of copa) {
        const has = [r.choice1, r.choice2].map((t) => tokenize(t).includes(cue));
        if (has[0] === has[1]) continue;
        applicable++;
        if (has[r.label - 1]) productive++;
      }
      table.push([
        cue,
        applicable,
        Number(((100 * productive) / applicable).toFixed(1)),
        Number(((100 * applicable) / copa.length).toFixed(1)),
      ]);
    }
    expect(table).toEqual([
      ['in', 47, 55.3, 9.4],
      ['was', 55, 61.8, 11],
      ['to', 82, 40.2, 16.4],
      ['the', 85, 38.8, 17],
      ['a', 106, 57.5, 21.2],
    ]);
  });

  it('COPA: quiet, and the report says how large a cue it could not have seen', () => {
    const report = audit(original);
    expect(report.items).toBe(500);
    expect(report.probes.filter((p) => p.fires)).toEqual([]);
    const mdl = report.power.minimumDetectableLift;
    expect(mdl).toBeGreaterThan(0.06);
    expect(mdl).toBeLessThan(0.16);
    expect(report.summary).toContain(`cannot rule out a cue below +${(mdl * 100).toFixed(1)} pt`);
    // The strongest published cue as a rule over all items ("was" right on 61.8 % of its 11 %): far below that bar.
    expect(0.11 * (0.618 - 0.5)).toBeLessThan(mdl);
  });

  it('Balanced COPA: mirrored items are twins (one fold each), so the candidate-only baseline is not pushed below chance', () => {
    const src = columnsSource({ name: 'balanced-copa.jsonl', content: lines.join('\n') }, layout);
    if (src.kind !== 'items') throw new Error('items expected');
    const groups = twinGroups(src.items.map(({ answer: _a, ...blind }) => blind));
    const index = new Map(src.items.map((it, i) => [it.id, i]));
    const mirrored = rows
      .filter((r) => r.id <= 500)
      .filter((r) => groups[index.get(String(r.id))!] === groups[index.get(String(r.id + 1000))!]);
    expect(mirrored.length).toBe(500);
    const p = runAuditSource(src, { probes: [bagOfWordsProbe({ part: 'candidates' })], permutations: 50 }).probes[0]!;
    expect(p.fires).toBe(false);
    expect(p.belowChance).toBeUndefined();
    expect(Math.abs(p.lift)).toBeLessThan(p.threshold - p.nullMean);
  });
});
