import { readFile } from 'node:fs/promises';
import { XaiError } from '@xai/core';
import { sha256Hex } from '../internal/sha256.js';
import type { AuditAdapter, AuditSource } from './auditSource.js';
import { parseJsonlItems } from './parseJsonlItems.js';

export interface JsonlAdapterOptions {
  /** Path of the blind file (items without answers). */
  readonly blind: string;
  /** Path of the labels file (`{"id","answer"}` per line). */
  readonly labels: string;
}

async function read(path: string, arg: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (e) {
    throw new XaiError('NOT_FOUND', `cannot read ${path} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, { fn: 'jsonlAdapter.load', arg, value: path, file: path });
  }
}

/**
 * The JSONL adapter: a blind file and a labels file joined by item id (see
 * `parseJsonlItems` for the format and the typed errors). Both files are hashed for the
 * receipt.
 * @since 0.1.0
 */
export const jsonlAdapter: AuditAdapter<JsonlAdapterOptions> = {
  name: 'jsonl',
  async load(options: JsonlAdapterOptions): Promise<AuditSource> {
    const [blind, labels] = await Promise.all([read(options.blind, 'blind'), read(options.labels, 'labels')]);
    const items = parseJsonlItems(blind.toString('utf8'), labels.toString('utf8'), { blindName: options.blind, labelsName: options.labels });
    return {
      kind: 'items',
      name: `jsonl ${options.blind}`,
      items,
      inputs: [
        { name: options.blind, sha256: sha256Hex(blind), bytes: blind.length },
        { name: options.labels, sha256: sha256Hex(labels), bytes: labels.length },
      ],
    };
  },
};
