import type { MetricInfo } from '@xai/core';
import { METRIC_FACTS } from './metricFacts.js';
import { faInfo } from './groundTruth/fa.js';
import type { MetricId } from './metricIds.js';
import { pgiInfo } from './predictionGap/pgi.js';
import { pguInfo } from './predictionGap/pgu.js';
import { praInfo } from './groundTruth/pra.js';
import { raInfo } from './groundTruth/ra.js';
import { rcInfo } from './groundTruth/rc.js';
import { risInfo } from './stability/ris.js';
import { rosInfo } from './stability/ros.js';
import { rrsInfo } from './stability/rrs.js';
import { saInfo } from './groundTruth/sa.js';
import { sraInfo } from './groundTruth/sra.js';

/**
 * Static facts (family, direction, what it needs) of every metric, by id.
 * @example metricInfo.PGU.direction  // 'lower-is-better'
 * @since 0.1.0
 */
export const metricInfo: Readonly<Record<MetricId, MetricInfo>> = {
  PRA: withFacts(praInfo),
  RC: withFacts(rcInfo),
  FA: withFacts(faInfo),
  RA: withFacts(raInfo),
  SA: withFacts(saInfo),
  SRA: withFacts(sraInfo),
  PGU: withFacts(pguInfo),
  PGI: withFacts(pgiInfo),
  RIS: withFacts(risInfo),
  RRS: withFacts(rrsInfo),
  ROS: withFacts(rosInfo),
};

/** The metric's own info plus its representation, defined-when and peer from `METRIC_FACTS`. */
function withFacts(info: MetricInfo): MetricInfo {
  return { ...info, ...METRIC_FACTS[info.id] };
}
