// The load options' keys (checked by both loaders) and the part of them assembleModel reads.
import { XaiError, checkOptions, describeValue } from '@xai/core';
import type { OnnxLoadOptions } from '../types.js';

export const LOAD_OPTION_KEYS = [
  'inputName',
  'outputName',
  'output',
  'inputDim',
  'gradients',
  'evaluate',
  'fdStep',
  'maxBatchRows',
  'threads',
  'name',
] as const satisfies readonly (keyof OnnxLoadOptions)[];

type LoadOptionKey = (typeof LOAD_OPTION_KEYS)[number];
// Compile-time: every OnnxLoadOptions key is listed above (a new option left out fails here).
const allListed: Exclude<keyof OnnxLoadOptions, LoadOptionKey> extends never ? true : never = true;
void allListed;

/** What assembleModel reads: the load options minus the runtime's own (threads) and the file name, plus the caller. */
export type AssembleOptions = Pick<OnnxLoadOptions, Exclude<LoadOptionKey, 'threads' | 'name'>> & { readonly fn: string };

export function checkLoadOptions(options: OnnxLoadOptions | undefined, fn: string): OnnxLoadOptions {
  const o = checkOptions(options, LOAD_OPTION_KEYS, fn);
  if (o.threads !== undefined && (!Number.isInteger(o.threads) || o.threads < 1))
    throw new XaiError('BAD_OPTION', `threads must be a positive integer, got ${describeValue(o.threads)}`, {
      fn,
      arg: 'threads',
      value: o.threads,
    });
  if (o.fdStep !== undefined && !(typeof o.fdStep === 'number' && o.fdStep > 0 && Number.isFinite(o.fdStep)))
    throw new XaiError('BAD_OPTION', `fdStep must be a positive number, got ${describeValue(o.fdStep)}`, {
      fn,
      arg: 'fdStep',
      value: o.fdStep,
    });
  if (o.gradients !== undefined && !['auto', 'import', 'finite-differences'].includes(o.gradients))
    throw new XaiError('BAD_OPTION', `gradients must be 'auto', 'import' or 'finite-differences', got ${describeValue(o.gradients)}`, {
      fn,
      arg: 'gradients',
      value: o.gradients,
    });
  if (o.evaluate !== undefined && !['session', 'imported'].includes(o.evaluate))
    throw new XaiError('BAD_OPTION', `evaluate must be 'session' or 'imported', got ${describeValue(o.evaluate)}`, {
      fn,
      arg: 'evaluate',
      value: o.evaluate,
    });
  return o;
}
