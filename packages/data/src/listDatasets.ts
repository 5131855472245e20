import type { DatasetInfo } from './datasetInfo.js';
import { DATASET_NAMES, datasetRegistry } from './datasetRegistry.js';

/**
 * Every registered dataset, in registry order.
 * @example listDatasets().map((d) => d.name)
 * @since 0.1.0
 */
export function listDatasets(): DatasetInfo[] {
  return DATASET_NAMES.map((name) => datasetRegistry[name]);
}
