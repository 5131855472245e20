import { describe, expect, it } from 'vitest';
import { createRng, matrix } from '@xai/core';
import { gradientExplainer } from './__fixtures__/explainers.js';
import { tinyMlp } from './__fixtures__/tinyMlp.js';
import { METRIC_IDS, metricInfo, metrics } from './index.js';

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
    const mlp = tinyMlp([[1, 0.5, 0], [-0.5, 1, 0.2], [0.3, 0.3, 0.3]], [0.2, 0.1, 0.4], [[1, -1, 0.5], [-1, 1, 0.2]], [0, 0]);
    const x = matrix(4, 3);
    createRng(1).fillUniform(x.data);
    const explainer = gradientExplainer();
    const attributions = explainer.explain(mlp, x);
    const groundTruth = matrix(4, 3);
    createRng(2).fillNormal(groundTruth.data);
    for (const id of METRIC_IDS) {
      const r = metrics[id].evaluate({ x, attributions, groundTruth, model: mlp, explainer }, { samples: 5, candidates: 30, neighbours: 5 });
      expect(r.metric).toBe(id);
      expect(r.values.length).toBe(4);
    }
  });
});
