import { formatEstimate } from '@xai/core';
import type { EvaluationJson } from './evaluateAttributions.js';

const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;

/**
 * `xai evaluate`'s readable summary: the metric, mean ± SE at the digits the SE supports, how
 * many instances were scored and how many were undefined (with their first indices), and the
 * settings that made the number.
 * @example evaluationLine(r) // 'PGI 0.0559 ± 0.0031 (n = 20, 0 undefined; preset default, float64)'
 * @since 0.3.0
 */
export function evaluationLine(r: EvaluationJson): string {
  const u = r.undefined;
  const where = u.length === 0 ? '' : ` at instance${u.length === 1 ? '' : 's'} ${u.slice(0, 5).join(', ')}${u.length > 5 ? ', …' : ''}`;
  const mean = r.mean === null ? 'undefined' : formatEstimate(r.mean, r.se);
  const a = r.accuracy;
  const model = a ? `; model accuracy ${pct(a.accuracy)} vs base rate ${pct(a.baseRate)} on ${a.rows} labelled rows` : '';
  const explained = r.fixedClass !== undefined ? `; class ${r.fixedClass} on every row` : '';
  return `${r.metric} ${mean} (n = ${r.count}, ${u.length} undefined${where}; preset ${r.preset}, ${r.precision}${explained}${model})`;
}
