import type { Probe } from '../probe.js';
import { caseProbe } from './caseProbe.js';
import { echoCaseProbe } from './echoCaseProbe.js';
import { echoProbe } from './echoProbe.js';
import { idShapeProbe } from './idShapeProbe.js';
import { lengthProbe } from './lengthProbe.js';
import { positionProbe } from './positionProbe.js';
import { queryOverlapProbe } from './queryOverlapProbe.js';
import { strayFieldProbe } from './strayFieldProbe.js';

/** The eight built-in probe names, in report order. */
export const PROBE_NAMES = ['position', 'case', 'length', 'echo', 'query-overlap', 'stray-field', 'id-shape', 'echo-case'] as const;
export type ProbeName = (typeof PROBE_NAMES)[number];

/**
 * The built-in battery of eight probes. Extend it by spreading: `[...defaultProbes, mine]`.
 * @since 0.1.0
 */
export const defaultProbes: readonly Probe[] = [
  positionProbe,
  caseProbe,
  lengthProbe,
  echoProbe,
  queryOverlapProbe,
  strayFieldProbe,
  idShapeProbe,
  echoCaseProbe,
];
