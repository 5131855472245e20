import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { XaiError, describeValue, toRows } from '@xai/core';
import { SPLIT_NAMES } from './internal/assembleSynthDataset.js';
import {
  CLUSTERS_HEADER,
  DGP_FILE,
  MANIFEST_FILE,
  clustersFile,
  featureNames,
  featuresFile,
  groundTruthFile,
} from './internal/fileLayout.js';
import type { SplitName } from './internal/fileLayout.js';
import { writeNumericCsv } from './internal/numericCsv.js';
import { sha256Hex } from '@xai/core';
import type { SynthDataset, SynthFileEntry, SynthManifest } from './synthDataset.js';

/**
 * Writes a dataset into `dir` (created if needed): per split `<split>.csv` (x0…, target),
 * `<split>-cluster.csv` (cluster_idx, prob) and `<split>-ground-truth.csv`, plus
 * `dgp.json` and `manifest.json` listing each file's size and sha256. Numbers are written
 * in shortest round-trip form, so `loadSynth` gets the same bytes back.
 * @example await saveSynth('out/synth', generateSynthGauss())
 * @since 0.1.0
 */
export async function saveSynth(dir: string, dataset: SynthDataset): Promise<SynthManifest> {
  const fn = 'saveSynth';
  if (typeof dir !== 'string' || dir === '')
    throw new XaiError('BAD_INPUT', `expected a directory path, got ${describeValue(dir)}`, { fn, arg: 'dir', value: dir });
  if (dataset === null || typeof dataset !== 'object' || dataset.manifest?.generator !== 'synthgauss') {
    throw new XaiError('BAD_INPUT', 'expected a dataset from generateSynthGauss / regenerate / loadSynth', {
      fn,
      arg: 'dataset',
      value: dataset,
    });
  }
  const d = dataset.manifest.dim;
  const names = featureNames(d);
  const outputs: { file: string; role: SynthFileEntry['role']; split?: SplitName; text: string }[] = [];
  for (const split of SPLIT_NAMES) {
    const s = dataset[split];
    if (s === undefined) continue;
    const n = s.x.rows;
    const gt = dataset.groundTruth[split];
    const cl = dataset.clusters[split];
    const pr = dataset.probabilities[split];
    if (gt === undefined || cl === undefined || pr === undefined)
      throw new XaiError('BAD_INPUT', `split ${split} lacks ground truth, clusters or probabilities`, { fn, arg: 'dataset', value: split });
    outputs.push(
      {
        file: featuresFile(split),
        role: 'features',
        split,
        text: writeNumericCsv(n, [
          { names, data: s.x.data },
          { names: ['target'], data: s.y },
        ]),
      },
      {
        file: clustersFile(split),
        role: 'clusters',
        split,
        text: writeNumericCsv(n, [
          { names: CLUSTERS_HEADER.slice(0, 1), data: cl },
          { names: CLUSTERS_HEADER.slice(1), data: pr },
        ]),
      },
      { file: groundTruthFile(split), role: 'ground-truth', split, text: writeNumericCsv(n, [{ names, data: gt.data }]) },
    );
  }
  const g = dataset.dgp;
  const dgpJson = {
    centres: toRows(g.centres),
    weights: toRows(g.weights),
    masks: toRows(g.masks),
    effectiveWeights: toRows(g.effectiveWeights),
    threshold: g.threshold,
  };
  outputs.push({ file: DGP_FILE, role: 'dgp', text: `${JSON.stringify(dgpJson, null, 1)}\n` });

  await mkdir(dir, { recursive: true });
  const files: SynthFileEntry[] = [];
  for (const o of outputs) {
    const bytes = Buffer.from(o.text, 'utf8');
    await writeFile(join(dir, o.file), bytes);
    files.push({ file: o.file, role: o.role, ...(o.split ? { split: o.split } : {}), bytes: bytes.length, sha256: sha256Hex(bytes) });
  }
  const { files: _ignored, ...rest } = dataset.manifest;
  const manifest: SynthManifest = { ...rest, files };
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
