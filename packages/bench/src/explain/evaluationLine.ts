import { formatEstimate } from '@xai/core';
import type { EvaluationJson } from './evaluateAttributions.js';
import type { EvaluationControls } from './evaluationControls.js';
import { verdictText } from '../report/verdicts.js';

const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;

/** A mean at the digits its SE supports (no SE: as the SE rule gives a bare value). */
const estimate = (mean: number, se: number | null): string => formatEstimate(mean, se ?? Number.NaN);

/** "floor 0.051 ± 0.004 (floor-global), null 0.031 ± 0.003: ✓ beats both controls", each missing control with its reason. */
function controlsText(c: EvaluationControls): string {
  const floor =
    c.floor !== null
      ? `floor ${estimate(c.floor, c.floorSe)} (${c.floorExplainer})`
      : `no floor (${c.notComputed?.floor ?? 'no finite value'})`;
  const nul = c.null !== null ? `null ${estimate(c.null, c.nullSe)}` : `no null (${c.notComputed?.null ?? 'no finite value'})`;
  return `${floor}, ${nul}: ${verdictText(c.verdict)}`;
}

/**
 * `xai evaluate`'s readable summary: the metric, mean ± SE at the digits the SE supports, how
 * many instances were scored and how many were undefined (with their first indices), the
 * settings that made the number, then the controls and the verdict in the reports' words.
 * @example evaluationLine(r) // 'PGI 0.0559 ± 0.0031 (n = 20, 0 undefined; preset default, float64); floor 0.041 ± 0.003 (floor-global), null 0.021 ± 0.002: ✓ beats both controls'
 * @since 0.3.0
 */
export function evaluationLine(r: EvaluationJson): string {
  const u = r.undefined;
  const where = u.length === 0 ? '' : ` at instance${u.length === 1 ? '' : 's'} ${u.slice(0, 5).join(', ')}${u.length > 5 ? ', …' : ''}`;
  const mean = r.mean === null ? 'undefined' : estimate(r.mean, r.se);
  const a = r.accuracy;
  const model = a ? `; model accuracy ${pct(a.accuracy)} vs base rate ${pct(a.baseRate)} on ${a.rows} labelled rows` : '';
  const explained =
    r.classRule !== undefined ? `; ${r.classRule}` : r.fixedClass !== undefined ? `; class ${r.fixedClass} on every row` : '';
  const controls = r.controls ? `; ${controlsText(r.controls)}` : '';
  return `${r.metric} ${mean} (n = ${r.count}, ${u.length} undefined${where}; preset ${r.preset}, ${r.precision}${explained}${model})${controls}`;
}
