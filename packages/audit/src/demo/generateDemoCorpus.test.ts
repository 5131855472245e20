import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isXaiError } from '@xai/core';
import { itemsToJsonl } from '../adapters/itemsToJsonl.js';
import { DEMO_GENERATOR, demoCorpusId, generateDemoCorpus, regenerateDemoCorpus } from './generateDemoCorpus.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

describe('generateDemoCorpus', () => {
  it('is content-addressed: id = sha256(generator + params + seed), recomputed independently', () => {
    const c = generateDemoCorpus({ items: 50, seed: 7, cues: { length: { strength: 0.5, sign: 'shortest' } } });
    const canonical = JSON.stringify({
      generator: DEMO_GENERATOR,
      params: { candidates: 4, cues: { length: { sign: 'shortest', strength: 0.5 } }, items: 50 },
      seed: 7,
    });
    expect(c.id).toBe(sha(canonical));
    expect(demoCorpusId(c.manifest.params, 7)).toBe(c.id);
  });

  it('regenerates byte for byte from its manifest', () => {
    const a = generateDemoCorpus({ items: 40, seed: 3, cues: { echo: 0.3 } });
    const b = regenerateDemoCorpus(JSON.parse(JSON.stringify(a.manifest)));
    const ja = itemsToJsonl(a.items);
    const jb = itemsToJsonl(b.items);
    expect(sha(jb.blind)).toBe(sha(ja.blind));
    expect(sha(jb.labels)).toBe(sha(ja.labels));
    expect(b.id).toBe(a.id);
  });

  it('rejects a tampered manifest or another generator version', () => {
    const a = generateDemoCorpus({ items: 5 });
    const tampered = { ...a.manifest, seed: 1 };
    expect(() => regenerateDemoCorpus(tampered)).toThrow(expect.objectContaining({ code: 'CHECKSUM_MISMATCH' }));
    expect(() => regenerateDemoCorpus({ ...a.manifest, generator: 'xai-audit-demo@0' })).toThrow(
      expect.objectContaining({ code: 'NOT_SUPPORTED' }),
    );
  });

  it('distinct seeds or params give distinct ids; a zero-strength cue is the clean corpus', () => {
    const clean = generateDemoCorpus({ items: 10 });
    expect(generateDemoCorpus({ items: 10, seed: 1 }).id).not.toBe(clean.id);
    expect(generateDemoCorpus({ items: 11 }).id).not.toBe(clean.id);
    expect(generateDemoCorpus({ items: 10, cues: { case: 0 } }).id).toBe(clean.id);
  });

  it('builds retrieval-memory traces: the answer is the last value recorded for entity.key', () => {
    for (const item of generateDemoCorpus({ items: 100, seed: 2 }).items) {
      const [, key, entity] = /^current (\w+) of (\w+),/.exec(item.query!)!;
      const records = String(item.context)
        .split('; ')
        .map((r) => r.split(' ')[1]!);
      const own = records.filter((r) => r.startsWith(`${entity}.${key}=`));
      expect(own.length).toBeGreaterThanOrEqual(2); // at least one update
      expect(own[own.length - 1]).toBe(`${entity}.${key}=${item.candidates[item.answer]!.text.toLowerCase()}`);
      expect(records.length).toBe(item.candidates.length); // every candidate is a recorded value
    }
  });

  it('clean corpora place the answer uniformly (chi-square over 4 positions)', () => {
    const counts = [0, 0, 0, 0];
    for (const item of generateDemoCorpus({ items: 2000, seed: 4 }).items) counts[item.answer]!++;
    const chi2 = counts.reduce((s, c) => s + (c - 500) ** 2 / 500, 0);
    expect(chi2).toBeLessThan(16.27); // p = 0.001 with 3 degrees of freedom
  });

  it('a cue at strength s is carried by about a fraction s of the items', () => {
    const items = generateDemoCorpus({ items: 2000, seed: 5, cues: { position: { strength: 0.5, index: 2 } } }).items;
    const atTwo = items.filter((it) => it.answer === 2).length / items.length;
    // 0.5 moved + 0.5 * 1/4 by chance = 0.625; sd ≈ 0.011
    expect(Math.abs(atTwo - 0.625)).toBeLessThan(0.04);
  });

  it('a cued corpus is the clean corpus with edits (same traces)', () => {
    const clean = generateDemoCorpus({ items: 30, seed: 9 });
    const cued = generateDemoCorpus({ items: 30, seed: 9, cues: { 'stray-field': 1 } });
    cued.items.forEach((it, i) => {
      expect(it.query).toBe(clean.items[i]!.query);
      expect(it.candidates[it.answer]!.verified).toBe(true);
    });
  });

  it('validates its options', () => {
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
      } catch (e) {
        return isXaiError(e) ? e.code : 'other';
      }
      return undefined;
    };
    expect(code(() => generateDemoCorpus({ items: 0 }))).toBe('BAD_OPTION');
    expect(code(() => generateDemoCorpus({ candidates: 1 }))).toBe('BAD_OPTION');
    expect(code(() => generateDemoCorpus({ seed: 0.5 }))).toBe('BAD_OPTION');
    expect(code(() => generateDemoCorpus({ cues: { nope: 1 } as never }))).toBe('BAD_OPTION');
    expect(code(() => generateDemoCorpus({ cues: { case: 2 } }))).toBe('BAD_OPTION');
    expect(code(() => generateDemoCorpus({ cues: { length: { sign: 'wide' as never } } }))).toBe('BAD_OPTION');
    expect(code(() => generateDemoCorpus({ cues: { position: { index: 4 } } }))).toBe('BAD_OPTION');
    expect(code(() => generateDemoCorpus({ candidates: 3, cues: { 'echo-case': 1 } }))).toBe('BAD_OPTION');
  });
});
