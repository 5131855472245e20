import type { SynthDiagnostics } from '../synthDataset.js';
import type { SynthParts } from './assembleSynthDataset.js';

/** Degenerate clusters of generated (or loaded) arrays, and a warning line for each. */
export function clusterDiagnostics(parts: SynthParts): { diagnostics: SynthDiagnostics; warnings: string[] } {
  const { masks } = parts.dgp;
  const K = masks.rows;
  const d = masks.cols;
  const emptyMaskClusters: number[] = [];
  for (let k = 0; k < K; k++) {
    let active = 0;
    for (let j = 0; j < d; j++) active += masks.data[k * d + j]!;
    if (active === 0) emptyMaskClusters.push(k);
  }
  // Rows and positives per cluster, over every split.
  const rows = new Float64Array(K);
  const positives = new Float64Array(K);
  for (const s of [parts.train, parts.validation, parts.test]) {
    if (s === undefined) continue;
    for (let i = 0; i < s.y.length; i++) {
      const k = s.clusters[i]!;
      rows[k]!++;
      positives[k]! += s.y[i]!;
    }
  }
  const singleClassClusters: number[] = [];
  for (let k = 0; k < K; k++) if (rows[k]! > 0 && (positives[k] === 0 || positives[k] === rows[k])) singleClassClusters.push(k);

  const warnings: string[] = [];
  for (const k of emptyMaskClusters) {
    warnings.push(
      `cluster ${k}: empty mask, so its ground truth is the zero vector and rank-based metrics are meaningless on its ${rows[k]} rows (minActiveFeatures >= 1 redraws it)`,
    );
  }
  for (const k of singleClassClusters) {
    warnings.push(`cluster ${k}: all ${rows[k]} rows in class ${positives[k] === 0 ? 0 : 1} (single-class cluster)`);
  }
  return { diagnostics: { emptyMaskClusters, singleClassClusters }, warnings };
}
