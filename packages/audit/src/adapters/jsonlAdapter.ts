import { checkOptions } from '@xai/core';
import type { AuditAdapter, AuditSource } from './auditSource.js';
import { jsonlSource } from './jsonlSource.js';
import { readInput } from './readInput.js';

export interface JsonlAdapterOptions {
  /** Path of the blind file (items without answers). */
  readonly blind: string;
  /** Path of the labels file (`{"id","answer"}` per line). */
  readonly labels: string;
  /** Encoding of both files. @defaultValue UTF-8, strictly */
  readonly encoding?: string;
}

/**
 * The JSONL adapter (Node: reads the two files; `jsonlSource` in the root parses contents):
 * a blind file and a labels file joined by item id. Import it from `@xai/audit/node`.
 * @since 0.1.0
 */
export const jsonlAdapter: AuditAdapter<JsonlAdapterOptions> = {
  name: 'jsonl',
  async load(options: JsonlAdapterOptions): Promise<AuditSource> {
    const fn = 'jsonlAdapter.load';
    checkOptions(options, ['blind', 'labels', 'encoding'], fn);
    const encoding = options.encoding !== undefined ? { encoding: options.encoding } : {};
    const [blind, labels] = await Promise.all([readInput(options.blind, 'blind', fn), readInput(options.labels, 'labels', fn)]);
    return jsonlSource({
      blind: { name: options.blind, content: blind, ...encoding },
      labels: { name: options.labels, content: labels, ...encoding },
    });
  },
};
