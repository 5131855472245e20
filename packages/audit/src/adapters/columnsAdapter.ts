import { checkOptions } from '@xai/core';
import type { AuditAdapter, AuditSource } from './auditSource.js';
import type { ColumnsSourceOptions } from './columnsSource.js';
import { columnsSource } from './columnsSource.js';
import { readInput } from './readInput.js';

export interface ColumnsAdapterOptions extends Omit<ColumnsSourceOptions, 'test'> {
  /** Path of the CSV, TSV or JSONL file. */
  readonly file: string;
  /** Path of a second file of the same layout, audited with the first. */
  readonly test?: string;
  /** Encoding of both files. @defaultValue UTF-8, strictly */
  readonly encoding?: string;
}

/**
 * Multiple choice in columns (Node: reads the files; `columnsSource` in the root parses
 * contents): `xai audit --adapter csv --file test.tsv --candidates warrant0,warrant1 --answer
 * correctLabelW0orW1 --query reason,claim`. Import it from `@xai/audit/node`.
 * @since 0.3.0
 */
export const columnsAdapter: AuditAdapter<ColumnsAdapterOptions> = {
  name: 'columns',
  async load(options: ColumnsAdapterOptions): Promise<AuditSource> {
    const fn = 'columnsAdapter.load';
    checkOptions(options, ['file', 'test', 'encoding', 'candidates', 'answer', 'answerBase', 'query', 'id', 'candidateIds', 'format'], fn);
    const { file, test, encoding, ...layout } = options;
    const enc = encoding !== undefined ? { encoding } : {};
    const train = { name: file, content: await readInput(file, 'file', fn), ...enc };
    const second = test !== undefined ? { test: { name: test, content: await readInput(test, 'test', fn), ...enc } } : {};
    return columnsSource(train, { ...layout, ...second });
  },
};
