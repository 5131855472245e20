import type { MetricInfo } from '@xai/core';
import { faInfo } from './fa.js';
import type { MetricId } from './metricIds.js';
import { pgiInfo } from './pgi.js';
import { pguInfo } from './pgu.js';
import { praInfo } from './pra.js';
import { raInfo } from './ra.js';
import { rcInfo } from './rc.js';
import { risInfo } from './ris.js';
import { rosInfo } from './ros.js';
import { rrsInfo } from './rrs.js';
import { saInfo } from './sa.js';
import { sraInfo } from './sra.js';

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
