import type { MetricResult } from '@xai/core';

/**
 * A core `MetricResult` plus the standard error as the released OpenXAI runner prints it.
 * `se` is the sample standard error (ddof = 1, core's `summarizeValues`); `seDdof0` is
 * `np.std(values) / sqrt(count)` over the same defined values (ddof = 0), the runner's
 * `std_err`. They differ by the factor sqrt((count - 1) / count).
 * @since 0.1.0
 */
export interface MetricSummary extends MetricResult {
  /** Population sd / sqrt(count) of the defined values (ddof = 0); 0 for one value, NaN for none. */
  readonly seDdof0: number;
}
