import { checkOptions } from '@xai/core';
import type { AuditAdapter, AuditSource } from './auditSource.js';
import type { ClassificationSourceOptions } from './classificationSource.js';
import { classificationSource } from './classificationSource.js';
import { readInput } from './readInput.js';

export interface ClassificationAdapterOptions extends Omit<ClassificationSourceOptions, 'test'> {
  /** Path of the JSONL or CSV file. */
  readonly file: string;
  /** Path of a second file (e.g. the test split), audited together with the first. */
  readonly test?: string;
  /** Encoding of both files. @defaultValue UTF-8, strictly */
  readonly encoding?: string;
}

/**
 * The classification adapter (Node: reads the files; `classificationSource` in the root
 * parses contents): `xai audit --adapter jsonl --file dev.jsonl --text premise,hypothesis
 * --label gold_label`. Import it from `@xai/audit/node`.
 * @since 0.3.0
 */
export const classificationAdapter: AuditAdapter<ClassificationAdapterOptions> = {
  name: 'classification',
  async load(options: ClassificationAdapterOptions): Promise<AuditSource> {
    const fn = 'classificationAdapter.load';
    checkOptions(options, ['file', 'test', 'text', 'label', 'id', 'format', 'encoding'], fn);
    const { file, test, encoding, ...mapping } = options;
    const enc = encoding !== undefined ? { encoding } : {};
    const train = { name: file, content: await readInput(file, 'file', fn), ...enc };
    const second = test !== undefined ? { test: { name: test, content: await readInput(test, 'test', fn), ...enc } } : {};
    return classificationSource(train, { ...mapping, ...second });
  },
};
