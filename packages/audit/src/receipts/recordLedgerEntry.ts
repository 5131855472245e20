import { XaiError, checkOptions } from '@xai/core';
import type { LedgerEntry } from './ledger.js';
import { rerunEntry } from '../internal/rerunEntry.js';

/**
 * Runs a command and records it as a ledger entry (command, input hashes, exact output).
 * @example await recordLedgerEntry('demo-default', ['--adapter', 'demo'], { baseDir: '.' })
 * @since 0.1.0
 */
export async function recordLedgerEntry(
  id: string,
  argv: readonly string[],
  options: { baseDir: string; description?: string },
): Promise<LedgerEntry> {
  checkOptions(options, ['baseDir', 'description'], 'recordLedgerEntry');
  const { output, inputs, missing } = await rerunEntry(argv, options.baseDir);
  if (missing.length > 0)
    throw new XaiError('NOT_FOUND', `cannot record "${id}": missing input ${missing.join(', ')}`, {
      fn: 'recordLedgerEntry',
      arg: 'argv',
      value: missing,
    });
  return {
    id,
    ...(options.description !== undefined ? { description: options.description } : {}),
    argv: [...argv],
    inputs,
    expected: output,
  };
}
