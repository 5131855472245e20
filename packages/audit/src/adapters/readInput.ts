import { readFile } from 'node:fs/promises';
import { systemError } from '@xai/core';

/**
 * Reads an input file as bytes (Node only); an OS failure goes through core's `systemError`
 * (a missing file NOT_FOUND, a folder or no permission IO_ERROR), naming the file and the argument.
 * @since 0.2.0
 */
export async function readInput(path: string, arg: string, fn: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (e) {
    throw systemError(e, { fn, path, action: 'read', arg });
  }
}
