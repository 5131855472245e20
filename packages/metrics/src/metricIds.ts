/**
 * The eleven OpenXAI metric ids, in the order of the paper's tables.
 * @since 0.1.0
 */
export const METRIC_IDS = ['PRA', 'RC', 'FA', 'RA', 'SA', 'SRA', 'PGU', 'PGI', 'RIS', 'RRS', 'ROS'] as const;

/** One of {@link METRIC_IDS}. @since 0.1.0 */
export type MetricId = (typeof METRIC_IDS)[number];
