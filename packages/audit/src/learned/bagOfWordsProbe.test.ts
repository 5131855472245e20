import { isXaiError, substream } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { generateDemoClassification } from '../demo/generateDemoClassification.js';
import { generateDemoCorpus } from '../demo/generateDemoCorpus.js';
import { tokenize } from '../internal/text.js';
import type { Item } from '../item.js';
import { runAudit } from '../runAudit.js';
import { bagOfWordsProbe } from './bagOfWordsProbe.js';

const classify = (items: readonly Item[], probes = [bagOfWordsProbe({ part: 'hypothesis' }), bagOfWordsProbe({ part: 'premise' })]) =>
  runAudit(items, { probes, decisionNull: 'across-items' });

describe('bagOfWordsProbe on classification corpora', () => {
  it('a cue word per class in 40 % of hypotheses fires on the hypothesis, not the premise, and names the words with their counts', () => {
    const { items } = generateDemoClassification({ seed: 101, cues: { word: 0.4 } });
    const [hyp, prem] = classify(items).probes;
    expect(hyp!.fires).toBe(true);
    expect(prem!.fires).toBe(false);
    // The cue words and their counts, counted here from the items themselves.
    const cue = ['everyone', 'outdoors', 'nobody'];
    for (const [c, word] of cue.entries()) {
      const holding = items.filter((it) => tokenize(it.hypothesis as string).includes(word));
      const e = hyp!.evidence!.find((x) => x.feature === word)!;
      expect(e.label).toBe(items[0]!.candidates[c]!.text);
      expect(e.total).toBe(holding.length);
      expect(e.count).toBe(holding.filter((it) => it.answer === c).length);
    }
  });

  it('clean corpora and random labels do not fire (10 + 10, seeds no other test uses)', () => {
    for (let s = 0; s < 10; s++) {
      const { items } = generateDemoClassification({ seed: 500 + s, items: 300 });
      expect(classify(items).probes.some((p) => p.fires)).toBe(false);
      const cued = generateDemoClassification({ seed: 600 + s, items: 300, cues: { word: 0.6 } }).items;
      const rng = substream(7, 'random-labels', s);
      const shuffled = cued.map((it) => ({ ...it, answer: rng.int(3) }));
      expect(classify(shuffled).probes.some((p) => p.fires)).toBe(false);
    }
  });

  it('does not depend on the order of the items (folds keyed by content)', () => {
    const { items } = generateDemoClassification({ seed: 102, items: 300, cues: { word: 0.2 } });
    const a = classify(items).probes[0]!;
    const b = classify([...items].reverse()).probes[0]!;
    expect([b.hits, b.nullMean, b.threshold]).toEqual([a.hits, a.nullMean, a.threshold]);
  });

  it('multiple choice: a word only answers carry fires on candidates; the demo corpus does not', () => {
    const corpus = generateDemoCorpus({ seed: 103, items: 300 }).items;
    const rng = substream(3, 'answer-word');
    const cued = corpus.map((it) => ({
      ...it,
      candidates: it.candidates.map((c, j) => ({ ...c, text: j === it.answer && rng.bernoulli(0.5) ? `${c.text} indeed` : c.text })),
    }));
    const probe = bagOfWordsProbe({ part: 'candidates' });
    const fired = runAudit(cued, { probes: [probe] }).probes[0]!;
    expect(fired.fires).toBe(true);
    expect(fired.evidence!.some((e) => e.label === 'answer' && e.feature === 'indeed')).toBe(true);
    expect(runAudit(corpus, { probes: [probe] }).probes[0]!.fires).toBe(false);
  });

  it('rejects unknown options, bad feature kinds and a missing field, naming them', () => {
    expect(() => bagOfWordsProbe({ part: 'x', fold: 3 } as never)).toThrow(/fold/);
    expect(() => bagOfWordsProbe({ part: 'x', features: 'bytes' as never })).toThrow(/features/);
    expect(() => bagOfWordsProbe({ part: 'x', folds: 1 })).toThrow(/folds/);
    const { items } = generateDemoClassification({ seed: 1, items: 20 });
    try {
      runAudit(items, { probes: [bagOfWordsProbe({ part: 'claim' })], decisionNull: 'across-items' });
      expect.unreachable();
    } catch (e) {
      expect(isXaiError(e, 'BAD_INPUT') && e.details.arg === 'part' && /claim/.test(e.message)).toBe(true);
    }
  });
});
