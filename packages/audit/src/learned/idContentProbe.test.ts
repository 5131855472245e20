import { substream } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { generateDemoClassification } from '../demo/generateDemoClassification.js';
import type { ClassificationCues } from '../demo/generateDemoClassification.js';
import { runAudit } from '../runAudit.js';
import { idContentProbe } from './idContentProbe.js';

const idProbe = (cues: ClassificationCues, seed: number) =>
  runAudit(generateDemoClassification({ seed, items: 400, cues }).items, { probes: [idContentProbe()], decisionNull: 'across-items' })
    .probes[0]!;

describe('idContentProbe', () => {
  it('finds a suffix letter per class, uuid v1 vs v4 and hex 12 vs 8, naming the feature', () => {
    const suffix = idProbe({ idSuffix: 1 }, 201);
    expect(suffix.fires).toBe(true);
    // The last character (14 characters long: char[13] from the start, char[-1] from the end) names the class.
    expect(suffix.evidence!.some((e) => /^char\[(-1|13)\]=a$/.test(e.feature) && e.label === 'entailment')).toBe(true);
    const uuid = idProbe({ uuidVersion: 1 }, 202);
    expect(uuid.fires).toBe(true);
    expect(uuid.evidence!.some((e) => e.feature === 'char[14]=1' && e.count === e.total)).toBe(true);
    const hex = idProbe({ hexLength: 1 }, 203);
    expect(hex.fires).toBe(true);
    expect(hex.evidence!.some((e) => e.feature === 'length=12' && e.label === 'entailment')).toBe(true);
  });

  it('the same id families without a class link do not fire', () => {
    for (const [s, cues] of [{}, { uuidVersion: 0 }, { hexLength: 0 }, { idSuffix: 0 }].entries()) {
      expect(idProbe(cues, 210 + s).fires).toBe(false);
    }
  });

  it('a counter issued class by class fires (decile features); the same ids with labels re-drawn do not', () => {
    const rng = substream(220, 'counter');
    const candidates = ['a', 'b', 'c'].map((c) => ({ id: c, text: c }));
    const labels = Array.from({ length: 600 }, () => rng.int(3)).sort();
    const items = labels.map((answer, i) => ({ id: `q-${String(i + 1).padStart(5, '0')}`, candidates, answer }));
    rng.shuffle(items);
    const audit = (its: typeof items) => runAudit(its, { probes: [idContentProbe()], decisionNull: 'across-items' }).probes[0]!;
    expect(audit(items).fires).toBe(true);
    expect(audit(items.map((it) => ({ ...it, answer: rng.int(3) }))).fires).toBe(false);
  });

  it('rejects a part other than id or candidates', () => {
    expect(() => idContentProbe({ part: 'query' as never })).toThrow(/part/);
  });
});
