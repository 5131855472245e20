import type { MetricInfo } from '@xai/core';
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
  PRA: praInfo,
  RC: rcInfo,
  FA: faInfo,
  RA: raInfo,
  SA: saInfo,
  SRA: sraInfo,
  PGU: pguInfo,
  PGI: pgiInfo,
  RIS: risInfo,
  RRS: rrsInfo,
  ROS: rosInfo,
};
