import { isXaiError } from '@xai/core';
import { describe, expect, it } from 'vitest';
import { assertMemoryPlan, planMemory } from './planMemory.js';

const GIB = 1024 ** 3;
const base = { explainers: ['grad', 'shap'], blockSize: 10, stabilitySamples: 1000, workers: 2 };

describe('planMemory', () => {
  it('counts the largest perturbation matrix per worker plus the payload, in float64', () => {
    const p = planMemory({ ...base, datasets: [{ id: 'a', features: 20, rows: 1000 }] }, 24 * GIB);
    // KernelSHAP: 2 × 10 × (2·20 + 2048) × 20 × 8 bytes beats stability's 2 × 10 × 1000 × 20 × 8.
    expect(p.perWorker).toBe(2 * 10 * 2088 * 20 * 8 + 1000 * 20 * 8);
    expect(p.total).toBe(2 * p.perWorker);
    expect(p.largest).toBe('a: KernelSHAP coalitions 10 × 2088 × 20');
  });

  it('lets a protocol-sized run through and refuses a 5000-column one on an 8 GiB machine up front, naming figures and flags', () => {
    assertMemoryPlan(planMemory({ ...base, datasets: [{ id: 'heloc', features: 23, rows: 10_000 }] }, 24 * GIB));
    const wide = planMemory({ ...base, datasets: [{ id: 'wide', features: 5000, rows: 1000 }] }, 8 * GIB);
    try {
      assertMemoryPlan(wide);
      throw new Error('expected a refusal');
    } catch (e) {
      expect(isXaiError(e, 'BAD_OPTION')).toBe(true);
      expect((e as Error).message).toMatch(
        /needs about 18\.\d GiB \(9\.\d GiB per worker × 2 workers; largest: wide: KernelSHAP coalitions 10 × 12048 × 5000\) but 8\.0 GiB is available; lower --stability-samples, --block-size or --workers/,
      );
    }
  });

  it("adds LIME's cache of released-stream factorisations per worker", () => {
    const p = planMemory({ ...base, explainers: ['grad', 'lime'], datasets: [{ id: 'a', features: 20, rows: 1000 }] }, 24 * GIB);
    // LIME's samples 2 × 10 × 1000 × 20 × 8, the payload, 192 MiB of factorisations, 8192 stream states of 2504 bytes.
    expect(p.perWorker).toBe(2 * 10 * 1000 * 20 * 8 + 1000 * 20 * 8 + 192 * 1024 * 1024 + 8192 * 2504);
  });

  it('stability candidates dominate when there is no sampling explainer', () => {
    const p = planMemory(
      { ...base, explainers: ['grad'], stabilitySamples: 100_000, datasets: [{ id: 's', features: 100, rows: 10 }] },
      GIB,
    );
    expect(p.largest).toBe('s: stability candidates 10 × 100000 × 100');
    expect(() => assertMemoryPlan(p)).toThrow(/lower --stability-samples/);
  });
});
