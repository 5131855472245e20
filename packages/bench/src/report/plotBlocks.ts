import type { ResultRow } from '../results/resultRow.js';
import type { RunManifest } from '../results/runManifest.js';
import type { Block } from './reportDocument.js';

export function plotBlocks(_rows: readonly ResultRow[], _manifest: RunManifest, _dataset: string, _model: string): Block[] {
  return [];
}
