import { describe, expect, expectTypeOf, it } from 'vitest';
import { createRng, matrix } from '@xai/core';
import type { Metric, MetricInput } from '@xai/core';
import { gradientExplainer } from './__fixtures__/explainers.js';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import { METRIC_IDS, metricInfo, metrics } from './index.js';
import type { MetricOptions, MetricSummary, StabilityInput, StabilityResult } from './index.js';

describe('registry', () => {
  it('METRIC_IDS are the eleven OpenXAI ids in the paper order', () => {
    expect(METRIC_IDS).toEqual(['PRA', 'RC', 'FA', 'RA', 'SA', 'SRA', 'PGU', 'PGI', 'RIS', 'RRS', 'ROS']);
  });

  it('metricInfo and metrics cover every id with matching info', () => {
    for (const id of METRIC_IDS) {
      expect(metricInfo[id].id).toBe(id);
      expect(metrics[id].info).toBe(metricInfo[id]);
    }
    expect(metricInfo.PGU.direction).toBe('lower-is-better');
    expect(metricInfo.PGI.direction).toBe('higher-is-better');
    expect(metricInfo.RIS.family).toBe('stability');
    expect(metricInfo.FA.requires).toContain('ground-truth');
  });

  it('every metric evaluates through the uniform interface on an MLP with synthetic ground truth', () => {
    const mlp = tinyMlp(
      [
        [1, 0.5, 0],
        [-0.5, 1, 0.2],
        [0.3, 0.3, 0.3],
      ],
      [0.2, 0.1, 0.4],
      [
        [1, -1, 0.5],
        [-1, 1, 0.2],
      ],
      [0, 0],
    );
    const x = matrix(4, 3);
    createRng(1).fillUniform(x.data);
    const explainer = gradientExplainer();
    const attributions = explainer.explain(mlp, x);
    const groundTruth = matrix(4, 3);
    createRng(2).fillNormal(groundTruth.data);
    for (const id of METRIC_IDS) {
      const r = metrics[id].evaluate(
        { x, attributions, groundTruth, model: mlp, explainer },
        { samples: 5, candidates: 30, neighbours: 5 },
      );
      expect(r.metric).toBe(id);
      expect(r.values.length).toBe(4);
    }
  });
});

// `npx tsc -p tsconfig.json` type-checks this file (strict): the calls below must compile.
describe('registry typing', () => {
  const mlp = tinyMlp(
    [
      [1, 0.5],
      [-0.5, 1],
    ],
    [0.2, 0.1],
    [
      [1, -1],
      [-1, 1],
    ],
    [0, 0],
  );
  const x = matrix(3, 2);
  createRng(4).fillUniform(x.data);
  const explainer = gradientExplainer();

  it('stability entries take input without attributions and return a StabilityResult', () => {
    const r = metrics.RIS.evaluate({ x, model: mlp, explainer }, { candidates: 20, neighbours: 5 });
    expect(r.values.length).toBe(3);
    expect(metrics.ROS.evaluate({ x, model: mlp, explainer }, { candidates: 20, neighbours: 5 }).count).toBe(3);
    expect(metrics.RRS.evaluate({ x, model: mlp, explainer }, { candidates: 20, neighbours: 5 }).count).toBe(3);
    expectTypeOf(metrics.RIS.evaluate).parameter(0).toEqualTypeOf<StabilityInput>();
    expectTypeOf(metrics.RRS.evaluate).parameter(0).toEqualTypeOf<StabilityInput>();
    expectTypeOf(metrics.ROS.evaluate).parameter(0).toEqualTypeOf<StabilityInput>();
    expectTypeOf(metrics.RIS.evaluate).returns.toEqualTypeOf<StabilityResult>();
    expectTypeOf(r.logMean).toEqualTypeOf<number | null>();
  });

  it('the other entries still require attributions; every entry is a core Metric', () => {
    expectTypeOf(metrics.PGI.evaluate).parameter(0).toEqualTypeOf<MetricInput>();
    expectTypeOf(metrics.FA.evaluate).returns.toEqualTypeOf<MetricSummary>();
    // @ts-expect-error PGI reads attributions: a strict-TS caller must pass them.
    expect(() => metrics.PGI.evaluate({ x, model: mlp })).toThrow();
    expectTypeOf(metrics).toExtend<Readonly<Record<string, Metric<MetricOptions>>>>();
    const uniform: Readonly<Record<string, Metric<MetricOptions>>> = metrics;
    expect(Object.keys(uniform)).toEqual([...METRIC_IDS]);
  });
});
