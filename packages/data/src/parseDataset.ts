import { XaiError, checkOptions, describeValue } from '@xai/core';
import type { DatasetFileRole, DatasetName } from './datasetInfo.js';
import { datasetInfoOf, datasetRegistry } from './datasetRegistry.js';
import type { DatasetProcessingOptions, FileBytes } from './internal/assembleDataset.js';
import { PROCESSING_KEYS, assembleDataset, resolveProcessing, settleChecksum } from './internal/assembleDataset.js';
import { layoutsOf } from './internal/datasetLayout.js';
import { sha256Hex } from '@xai/core';
import type { LoadedDataset } from './loadedDataset.js';

/** A registry dataset's files in memory, by role: `{ train, test }`, or `{ full }` (pima). */
export type DatasetTexts = Partial<Readonly<Record<DatasetFileRole, string | Uint8Array>>>;

/** Options of {@link parseDataset}: how the splits are made and scaled, and whether to verify. */
export type ParseDatasetOptions = DatasetProcessingOptions;

const FN = 'parseDataset';
const encoder = new TextEncoder();

/**
 * A registry dataset from file contents already in memory (a browser upload, a bundled
 * asset, a `fetch` done by the caller): the same checks, splits, scaling, hashes and
 * provenance as `loadDataset`, with no file system. Text is hashed as its UTF-8 bytes, so
 * the registry checksums apply (verify: false accepts another version). Browser-safe.
 * @example const ds = parseDataset('compas', { train: trainText, test: testText })
 * @since 0.2.0
 */
export function parseDataset(name: DatasetName, texts: DatasetTexts, options: ParseDatasetOptions = {}): LoadedDataset {
  checkOptions(options, PROCESSING_KEYS, FN);
  datasetInfoOf(name, FN);
  if (texts === null || typeof texts !== 'object')
    throw new XaiError('BAD_INPUT', `expected { train, test } or { full } file contents, got ${describeValue(texts)}`, {
      fn: FN,
      arg: 'texts',
      value: texts,
    });
  const unknown = Object.keys(texts).filter((k) => k !== 'train' && k !== 'test' && k !== 'full');
  if (unknown.length > 0)
    throw new XaiError('BAD_INPUT', `unknown file role(s) ${unknown.join(', ')}; expected train and test, or full`, {
      fn: FN,
      arg: 'texts',
      value: unknown,
    });
  const info = datasetRegistry[name];
  const processing = resolveProcessing(FN, options);
  const layout = layoutsOf(info).find((l) => l.files.every((f) => texts[f.role] !== undefined));
  if (!layout) {
    const wanted = layoutsOf(info)
      .map((l) => l.files.map((f) => `${f.role} (${f.file})`).join(' + '))
      .join(', or ');
    throw new XaiError('NOT_FOUND', `${name}: give ${wanted}; got ${Object.keys(texts).join(', ') || 'nothing'}`, {
      fn: FN,
      arg: 'texts',
      value: Object.keys(texts),
    });
  }
  const files: FileBytes[] = layout.files.map((f) => {
    const input = texts[f.role]!;
    if (typeof input !== 'string' && !(input instanceof Uint8Array))
      throw new XaiError('BAD_INPUT', `${f.role}: expected text or bytes, got ${describeValue(input)}`, {
        fn: FN,
        arg: `texts.${f.role}`,
        value: input,
      });
    const bytes = typeof input === 'string' ? encoder.encode(input) : input;
    const sha256 = sha256Hex(bytes);
    const check = settleChecksum(
      FN,
      f.file,
      bytes.length,
      sha256,
      f.sha256,
      true,
      processing.verify,
      'pass the published file, or verify: false to use it as it is',
    );
    return { file: f, bytes, path: f.file, source: 'memory', sha256, check };
  });
  return assembleDataset(FN, info, layout, files, processing);
}
