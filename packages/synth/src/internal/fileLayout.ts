// File names and headers of a saved SynthGauss folder (same per-split layout as the
// released OpenXAI gaussian files: features + target, and cluster_idx + prob).

export type SplitName = 'train' | 'validation' | 'test';

export const MANIFEST_FILE = 'manifest.json';
export const DGP_FILE = 'dgp.json';

export const featuresFile = (split: SplitName): string => `${split}.csv`;
export const clustersFile = (split: SplitName): string => `${split}-cluster.csv`;
export const groundTruthFile = (split: SplitName): string => `${split}-ground-truth.csv`;

export const featureNames = (dim: number): string[] => Array.from({ length: dim }, (_, j) => `x${j}`);
export const featuresHeader = (dim: number): string[] => [...featureNames(dim), 'target'];
export const CLUSTERS_HEADER: readonly string[] = ['cluster_idx', 'prob'];
