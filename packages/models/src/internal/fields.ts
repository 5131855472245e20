// Field checks shared by the two JSON readers (model files, preprocessing blocks).
import { XaiError } from '@xai/core';

/** A plain object (not null, an array or a typed array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v);
}

/**
 * BAD_INPUT for a missing required field or an unknown one; the error's `arg` is
 * `${prefix}.${key}` (just `key` when prefix is '').
 */
export function checkFields(
  obj: Record<string, unknown>,
  allowed: readonly string[],
  required: readonly string[],
  fn: string,
  prefix: string,
): void {
  const at = (k: string): string => (prefix === '' ? k : `${prefix}.${k}`);
  for (const k of required) if (!(k in obj)) throw new XaiError('BAD_INPUT', `missing field '${k}'`, { fn, arg: at(k), value: undefined });
  for (const k of Object.keys(obj))
    if (!allowed.includes(k))
      throw new XaiError('BAD_INPUT', `unknown field '${k}' (allowed: ${allowed.join(', ')})`, { fn, arg: at(k), value: k });
}
