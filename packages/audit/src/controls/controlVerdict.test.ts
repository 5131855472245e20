import { describe, expect, it } from 'vitest';
import { UNTESTABLE_REASONS, VERDICT_WORDS, controlVerdict, untestableReason } from './controlVerdict.js';

describe('controlVerdict', () => {
  it('beats only when every applicable control is cleared by more than 1.96 SE of the lift', () => {
    const v = controlVerdict({ overFloor: { lift: 0.09, se: 0.01 }, overNull: { lift: 0.2, se: 0.05 } });
    expect(v).toEqual({ kind: 'beats', mark: '✓', words: 'beats both controls', detail: null });
    // 0.0195 < 1.96 × 0.01: within noise of the floor.
    expect(controlVerdict({ overFloor: { lift: 0.0195, se: 0.01 }, overNull: { lift: 0.2, se: 0.01 } })).toMatchObject({
      kind: 'fails',
      mark: '✕',
      detail: 'within noise of the floor',
    });
    expect(controlVerdict({ overFloor: { lift: 0.0197, se: 0.01 }, overNull: { lift: 0.2, se: 0.01 } }).kind).toBe('beats');
  });

  it('names each control not beaten: a tie, below, within noise', () => {
    expect(controlVerdict({ overFloor: { lift: 0, se: 0 }, overNull: { lift: -0.3, se: 0.01 } }).detail).toBe(
      'ties the floor; below the null',
    );
    // Without an SE the lift itself must be positive.
    expect(controlVerdict({ overFloor: { lift: 1e-9 }, overNull: null }).kind).toBe('beats');
    expect(controlVerdict({ overFloor: { lift: -1e-9 }, overNull: null }).detail).toBe('below the floor');
  });

  it('is untestable for a given reason, or when no applicable control is finite', () => {
    const lr = controlVerdict({ overFloor: { lift: 0, se: 0 }, overNull: { lift: 0.5, se: 0.01 }, untestable: 'why' });
    expect(lr).toEqual({ kind: 'untestable', ...VERDICT_WORDS.untestable, detail: 'why' });
    expect(controlVerdict({ overFloor: { lift: null }, overNull: null }).detail).toBe(UNTESTABLE_REASONS.noFiniteControl);
    expect(controlVerdict({ overFloor: { lift: Number.NEGATIVE_INFINITY }, overNull: { lift: 0.1, se: 0.01 } }).kind).toBe('beats');
  });
});

describe('untestableReason', () => {
  const lr = { linearModel: true, groundTruthIsModel: true };
  const ann = { linearModel: false, groundTruthIsModel: false };
  it('LR: ground-truth metrics against its own weights, and PGU/PGI under alike perturbations; never the other prediction metrics', () => {
    expect(untestableReason('FA', { family: 'ground-truth', ...lr })).toBe(UNTESTABLE_REASONS.linearGroundTruth);
    expect(untestableReason('FA', { family: 'ground-truth', linearModel: true, groundTruthIsModel: false })).toBeNull();
    expect(untestableReason('PGI', { family: 'prediction', ...lr, uniformPerturbation: true })).toBe(
      UNTESTABLE_REASONS.linearPredictionGap,
    );
    expect(untestableReason('PGU', { family: 'prediction', ...lr, uniformPerturbation: true })).toBe(
      UNTESTABLE_REASONS.linearPredictionGap,
    );
    // discrete flips or per-column noise scales: ranking by |weight| is no longer optimal, so the floor can be beaten
    expect(untestableReason('PGI', { family: 'prediction', ...lr, uniformPerturbation: false })).toBeNull();
    expect(untestableReason('PGU', { family: 'prediction', ...lr })).toBeNull();
    expect(untestableReason('DELETION', { family: 'prediction', ...lr })).toBeNull();
  });

  it('stability and robustness on every model; nothing else on a non-linear one', () => {
    expect(untestableReason('RIS', { family: 'stability', ...ann })).toBe(UNTESTABLE_REASONS.stability);
    expect(untestableReason('MAX_SENSITIVITY', { family: 'robustness', ...ann })).toBe(UNTESTABLE_REASONS.stability);
    for (const [m, family] of [
      ['FA', 'ground-truth'],
      ['PGI', 'prediction'],
    ] as const)
      expect(untestableReason(m, { family, ...ann })).toBeNull();
  });
});
