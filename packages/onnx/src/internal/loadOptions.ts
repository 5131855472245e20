// The load options' keys (checked by both loaders) and the part of them assembleModel reads.
import type { OptionKeys } from '@xai/core';
import { XaiError, checkOptions, describeValue, enumOption, intOption, numberOption } from '@xai/core';
import type { OnnxLoadOptions } from '../types.js';

export const LOAD_OPTION_KEYS = [
  'inputName',
  'outputName',
  'output',
  'inputDim',
  'classes',
  'gradients',
  'evaluate',
  'precision',
  'fdStep',
  'maxBatchRows',
  'threads',
  'name',
] as const satisfies OptionKeys<OnnxLoadOptions>;

const GRADIENTS: readonly NonNullable<OnnxLoadOptions['gradients']>[] = ['auto', 'exact', 'finite-differences'];
const EVALUATE: readonly NonNullable<OnnxLoadOptions['evaluate']>[] = ['pure', 'session'];
const PRECISION: readonly NonNullable<OnnxLoadOptions['precision']>[] = ['float32', 'float64'];

type LoadOptionKey = (typeof LOAD_OPTION_KEYS)[number];
// Compile-time: every OnnxLoadOptions key is listed above (a new option left out fails here).
const allListed: Exclude<keyof OnnxLoadOptions, LoadOptionKey> extends never ? true : never = true;
void allListed;

/** What assembleModel reads: the load options minus the runtime's own (threads) and the file name, plus the caller. */
export type AssembleOptions = Pick<OnnxLoadOptions, Exclude<LoadOptionKey, 'threads' | 'name'>> & { readonly fn: string };

export function checkLoadOptions(options: OnnxLoadOptions | undefined, fn: string): OnnxLoadOptions {
  const o = checkOptions(options, LOAD_OPTION_KEYS, fn);
  if (o.threads !== undefined) intOption(o.threads, fn, 'threads', { min: 1 });
  if (o.fdStep !== undefined) numberOption(o.fdStep, fn, 'fdStep', { above: 0 });
  if (o.gradients !== undefined) enumOption(o.gradients, fn, 'gradients', { values: GRADIENTS });
  if (o.evaluate !== undefined) enumOption(o.evaluate, fn, 'evaluate', { values: EVALUATE });
  if (o.precision !== undefined) enumOption(o.precision, fn, 'precision', { values: PRECISION });
  if (o.classes !== undefined && (!Array.isArray(o.classes) || o.classes.some((c) => typeof c !== 'string')))
    throw new XaiError('BAD_OPTION', `classes must be an array of class names (strings), got ${describeValue(o.classes)}`, {
      fn,
      arg: 'classes',
      value: o.classes,
    });
  return o;
}
