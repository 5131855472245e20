import type { Matrix } from '@xai/core';
import type { SynthGaussParams } from '../resolveSynthGaussParams.js';
import type { SynthDataset, SynthFileEntry, SynthGaussDgp, SynthManifest } from '../synthDataset.js';
import { clusterDiagnostics } from './clusterDiagnostics.js';
import { GENERATOR_VERSION, paramsId } from './paramsId.js';
import { type HashPart, sha256OfParts } from '@xai/core';

/** The arrays of one split. */
export interface SplitParts {
  readonly x: Matrix;
  readonly y: Int32Array;
  readonly groundTruth: Matrix;
  readonly clusters: Int32Array;
  readonly probabilities: Float64Array;
}

/** Everything generated (or loaded), before it is wrapped as a dataset. */
export interface SynthParts {
  readonly train: SplitParts;
  readonly test: SplitParts;
  readonly validation?: SplitParts;
  readonly dgp: SynthGaussDgp;
}

export const SPLIT_NAMES = ['train', 'validation', 'test'] as const;

/** sha256 over every array in a fixed order (split by split, then the DGP). */
export function partsSha256(parts: SynthParts): string {
  const h: HashPart[] = [];
  for (const name of SPLIT_NAMES) {
    const s = parts[name];
    if (s === undefined) {
      h.push(`${name}:none`);
      continue;
    }
    h.push(`${name}:${s.x.rows}x${s.x.cols}`, s.x.data, s.y, s.groundTruth.data, s.clusters, s.probabilities);
  }
  const g = parts.dgp;
  h.push('dgp', g.centres.data, g.weights.data, g.masks.data, g.effectiveWeights.data, `${g.threshold.kind}:${g.threshold.value}`);
  return sha256OfParts(...h);
}

/** Wraps the arrays as a SynthDataset with its manifest. Matrices must be contiguous. */
export function assembleSynthDataset(params: SynthGaussParams, parts: SynthParts, files?: readonly SynthFileEntry[]): SynthDataset {
  const id = paramsId(params);
  const { train, test, validation } = parts;
  const { diagnostics, warnings } = clusterDiagnostics(parts);
  const manifest: SynthManifest = {
    format: 'xai-synth@1',
    generator: 'synthgauss',
    version: GENERATOR_VERSION,
    id,
    params,
    rows: { train: train.x.rows, validation: validation?.x.rows ?? 0, test: test.x.rows },
    dim: params.dim,
    dataSha256: partsSha256(parts),
    diagnostics,
    warnings,
    ...(files ? { files } : {}),
  };
  const names = Array.from({ length: params.dim }, (_, j) => `x${j}`);
  const per = <T>(f: (s: SplitParts) => T): { train: T; test: T; validation?: T } => ({
    train: f(train),
    test: f(test),
    ...(validation ? { validation: f(validation) } : {}),
  });
  return {
    name: 'synthgauss',
    schema: { names, kinds: names.map(() => 'continuous' as const), groups: [] },
    classes: 2,
    train: { x: train.x, y: train.y },
    test: { x: test.x, y: test.y },
    ...(validation ? { validation: { x: validation.x, y: validation.y } } : {}),
    groundTruth: per((s) => s.groundTruth),
    clusters: per((s) => s.clusters),
    probabilities: per((s) => s.probabilities),
    dgp: parts.dgp,
    diagnostics,
    warnings,
    hash: id,
    id,
    manifest,
  };
}
