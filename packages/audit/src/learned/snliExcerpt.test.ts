import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classificationSource } from '../adapters/classificationSource.js';
import { runAuditSource } from '../adapters/runAuditSource.js';
import { tokenize } from '../internal/text.js';

// A real benchmark: an SNLI 1.0 dev excerpt (fixtures/snli, CC BY-SA 4.0). Gururangan et al.
// (NAACL 2018, Table 4) list the hypothesis words most tied to each label in SNLI: "nobody",
// "sleeping" for contradiction, "tall" for neutral, "outside" for entailment; the pair ids
// end in the letter of the label the hypothesis writer was asked for (r1c, r1e, r1n).
const path = new URL('../../fixtures/snli/snli_1.0_dev.excerpt.jsonl', import.meta.url);
const content = readFileSync(path, 'utf8');
const rows = content
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { pairID: string; gold_label: string; sentence1: string; sentence2: string });

describe('SNLI dev excerpt', () => {
  const src = classificationSource(
    { name: 'snli_1.0_dev.excerpt.jsonl', content },
    { text: ['sentence1', 'sentence2'], label: 'gold_label', id: 'pairID' },
  );
  const report = runAuditSource(src);
  const probe = (name: string) => report.probes.find((p) => p.name === name)!;

  it('skips the rows without a majority label', () => {
    expect(src.kind === 'items' && src.classification?.skipped).toBe(rows.filter((r) => r.gold_label === '-').length);
  });

  it('the hypothesis alone fires, the premise alone does not (premises are shared across labels)', () => {
    expect(probe('bag-of-words:sentence2').fires).toBe(true);
    expect(probe('bag-of-words:sentence1').fires).toBe(false);
  });

  it('the report names the published artifact words, with counts recounted here', () => {
    const ev = probe('bag-of-words:sentence2').evidence!;
    const labelled = rows.filter((r) => r.gold_label !== '-');
    for (const [word, label] of [
      ['nobody', 'contradiction'],
      ['sleeping', 'contradiction'],
      ['tall', 'neutral'],
      ['outside', 'entailment'],
    ] as const) {
      const e = ev.find((x) => x.feature === word);
      expect(e?.label, word).toBe(label);
      const holding = labelled.filter((r) => tokenize(r.sentence2).includes(word));
      expect([e!.count, e!.total]).toEqual([holding.filter((r) => r.gold_label === label).length, holding.length]);
    }
  });

  it('the pair id suffix (r1c / r1e / r1n) fires id-content', () => {
    const p = probe('id-content');
    expect(p.fires).toBe(true);
    const agree = rows.filter((r) => r.gold_label !== '-' && r.pairID.endsWith(r.gold_label[0]!)).length;
    const e = p.evidence!.find((x) => x.feature === 'char[-1]=c')!;
    expect(e.label).toBe('contradiction');
    // The suffix is the requested label, the gold label the annotators' majority: the probe
    // can do no better than their agreement, and learns nearly all of it (cross-fitted).
    const rate = agree / report.items;
    expect(p.accuracy).toBeLessThanOrEqual(rate + 1e-12);
    expect(p.accuracy).toBeGreaterThan(rate - 0.02);
  });
});
