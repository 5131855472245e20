import type { MetricInfo } from '@xai/core';
import { EXTENDED_METRIC_IDS, extendedMetrics } from './extendedMetrics.js';
import type { ExtendedMetricId } from './extendedMetrics.js';
import { METRIC_IDS } from './metricIds.js';
import type { MetricId } from './metricIds.js';
import { metricInfo } from './metricInfo.js';

/**
 * Every metric id of this package: OpenXAI's eleven in the paper's order, then the metrics
 * beyond OpenXAI by family.
 * @since 0.3.0
 */
export const ALL_METRIC_IDS: readonly (MetricId | ExtendedMetricId)[] = [...METRIC_IDS, ...EXTENDED_METRIC_IDS];

/**
 * The info of any metric id (either registry), in core's one `MetricInfo` shape; undefined for
 * an unknown id.
 * @example metricInfoOf('SPARSENESS')?.peer  // { library: 'Quantus', name: 'quantus.Sparseness', preset: 'quantus' }
 * @since 0.3.0
 */
export function metricInfoOf(id: string): MetricInfo | undefined {
  if (Object.hasOwn(metricInfo, id)) return metricInfo[id as MetricId];
  if (Object.hasOwn(extendedMetrics, id)) return extendedMetrics[id as ExtendedMetricId].info;
  return undefined;
}
