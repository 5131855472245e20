// The audit's inputs are decoded by core's one strict rule (invalid UTF-8 named by line and byte,
// a declared encoding otherwise); this names the flag a user sets.
import { decodeInputText } from '@xai/core';

/** Decodes an input's bytes strictly (see core's `decodeInputText`); strings are returned as given. */
export function decodeText(content: string | Uint8Array, name: string, fn: string, encoding?: string): string {
  return decodeInputText(content, { file: name, fn, encodingOption: '--encoding' }, encoding);
}
