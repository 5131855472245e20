import { describe, expect, it } from 'vitest';
import { EXTENDED_METRIC_IDS, extendedMetrics } from './extendedMetrics.js';
import { ALL_METRIC_IDS, metricInfoOf } from './metricCatalogue.js';
import { METRIC_IDS } from './metricIds.js';
import { metricInfo } from './metricInfo.js';

describe('one MetricInfo shape for every metric', () => {
  it('every id of both registries carries its facts (representation, defined-when, peer) in its own info', () => {
    const ids = [...METRIC_IDS, ...EXTENDED_METRIC_IDS];
    for (const id of ids) {
      const info = id in metricInfo ? metricInfo[id as keyof typeof metricInfo] : extendedMetrics[id as keyof typeof extendedMetrics].info;
      expect(['any', 'feature-types', 'layers', 'classes'], id).toContain(info.representation);
      expect(info.definedWhen!.length, id).toBeGreaterThan(5);
      expect(['OpenXAI', 'Quantus', 'Captum', 'scipy', 'RISE (Petsiuk et al.)']).toContain(info.peer!.library);
    }
    expect(metricInfo.PGI.peer).toEqual({ library: 'OpenXAI', name: 'eval_pred_faithfulness (PGI)', preset: 'openxai' });
    expect(metricInfo.RRS.representation).toBe('layers');
    expect(extendedMetrics.SPARSENESS.info.peer).toEqual({ library: 'Quantus', name: 'quantus.Sparseness', preset: 'quantus' });
    expect(extendedMetrics.INFIDELITY.info.peer).toEqual({ library: 'Captum', name: 'captum.metrics.infidelity', preset: 'captum' });
    expect(extendedMetrics.CONSISTENCY.info.representation).toBe('classes');
  });

  it("OpenXAI's eleven carry a one-line description, not a repeat of the name (the reports' legends read it)", () => {
    for (const id of METRIC_IDS) {
      const d = metricInfo[id].description;
      expect(d, id).toMatch(/^\S.{20,120}$/);
      expect(d!.toLowerCase(), id).not.toContain(metricInfo[id].name.toLowerCase());
    }
  });

  it('metricInfoOf reads either registry by id; ALL_METRIC_IDS lists both once', () => {
    expect(new Set(ALL_METRIC_IDS).size).toBe(ALL_METRIC_IDS.length);
    expect(metricInfoOf('PGI')).toBe(metricInfo.PGI);
    expect(metricInfoOf('SPARSENESS')).toBe(extendedMetrics.SPARSENESS.info);
    expect(metricInfoOf('toString')).toBeUndefined();
    for (const id of ALL_METRIC_IDS) expect(metricInfoOf(id)!.id).toBe(id);
  });
});
