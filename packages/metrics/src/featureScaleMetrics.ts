import type { ExtendedMetricId } from './extendedMetrics.js';
import type { MetricId } from './metricIds.js';

/**
 * The metrics that take `featureScale` (and `keys`): they draw input noise or measure input
 * distances. A runner passes `{ featureScale }` to exactly these; every other metric rejects
 * it as an unknown option (the eleven's registry accepts the union of their keys).
 * @example if (FEATURE_SCALE_METRIC_IDS.includes(id)) options = { ...options, featureScale }
 * @since 0.3.0
 */
export const FEATURE_SCALE_METRIC_IDS: readonly (MetricId | ExtendedMetricId)[] = [
  'PGI',
  'PGU',
  'RIS',
  'RRS',
  'ROS',
  'INFIDELITY',
  'MONOTONICITY_CORRELATION',
  'MAX_SENSITIVITY',
  'AVG_SENSITIVITY',
  'LOCAL_LIPSCHITZ',
  'NON_SENSITIVITY',
];

/** Whether metric `id` takes `featureScale`. @since 0.3.0 */
export function takesFeatureScale(id: string): boolean {
  return (FEATURE_SCALE_METRIC_IDS as readonly string[]).includes(id);
}
