import type { MetricInfo, MetricInput, MetricResult } from '@xai/core';

/**
 * One entry of the `metrics` registry: core's `Metric` with the input and result types of
 * that metric. The stability entries take `StabilityInput` (no `attributions` needed) and
 * return a `StabilityResult`. Since every `Input` here accepts a full `MetricInput`, each
 * entry is still assignable to core's `Metric<Options>` for runners that treat metrics
 * uniformly.
 * @since 0.1.0
 */
export interface MetricEntry<Input = MetricInput, Options = unknown, Result extends MetricResult = MetricResult> {
  readonly info: MetricInfo;
  evaluate(input: Input, options?: Options): Result;
}
