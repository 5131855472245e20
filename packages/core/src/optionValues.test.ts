import { describe, expect, it } from 'vitest';
import { isXaiError } from './errors.js';
import { type OptionKeys, booleanOption, checkOptions, enumOption, intOption, numberOption, seedOption } from './options.js';

/** The BAD_OPTION a call throws, or undefined when it returns. */
function thrown(call: () => unknown): { message: string; arg: unknown; value: unknown } | undefined {
  try {
    call();
  } catch (e) {
    expect(isXaiError(e, 'BAD_OPTION')).toBe(true);
    const err = e as Error & { details: { arg: unknown; value: unknown } };
    return { message: err.message, arg: err.details.arg, value: err.details.value };
  }
  return undefined;
}

describe('intOption', () => {
  it('accepts integers inside inclusive bounds and the fallback for undefined', () => {
    expect(intOption(2, 'f', 'options.k', { min: 2, max: 20 })).toBe(2);
    expect(intOption(20, 'f', 'options.k', { min: 2, max: 20 })).toBe(20);
    expect(intOption(undefined, 'f', 'options.k', { min: 2, fallback: 5 })).toBe(5);
    expect(intOption(-7, 'f', 'k')).toBe(-7);
  });

  it('rejects fractions, out-of-range values, non-numbers and a missing value with no fallback', () => {
    for (const v of [1, 21, 2.5, Number.NaN, '3', undefined, 2 ** 53]) {
      const e = thrown(() => intOption(v, 'fit', 'options.folds', { min: 2, max: 20 }));
      expect(e?.arg).toBe('options.folds');
      expect(e?.value).toBe(v);
      expect(e?.message).toMatch(/^\[BAD_OPTION\] fit: options\.folds: expected an integer in \[2, 20\], got /);
    }
  });

  it('checks the fallback like any other value', () => {
    expect(thrown(() => intOption(undefined, 'f', 'k', { min: 1, fallback: 0 }))?.message).toMatch(/expected an integer >= 1, got 0$/);
  });
});

describe('numberOption', () => {
  it('tells open from closed ends', () => {
    const open = { above: 0, below: 1 };
    expect(numberOption(0.5, 'f', 'q', open)).toBe(0.5);
    expect(thrown(() => numberOption(0, 'f', 'q', open))?.message).toMatch(/expected a finite number in \(0, 1\), got 0$/);
    expect(thrown(() => numberOption(1, 'f', 'q', open))?.message).toMatch(/in \(0, 1\), got 1$/);
    const halfOpen = { min: 0, below: 1 };
    expect(numberOption(0, 'f', 'm', halfOpen)).toBe(0);
    expect(thrown(() => numberOption(1, 'f', 'm', halfOpen))?.message).toMatch(/in \[0, 1\), got 1$/);
    expect(numberOption(1, 'f', 'r', { above: 0, max: 1 })).toBe(1);
    expect(thrown(() => numberOption(-1, 'f', 'z', { min: 0 }))?.message).toMatch(/expected a finite number >= 0, got -1$/);
    expect(thrown(() => numberOption(3, 'f', 'z', { below: 2 }))?.message).toMatch(/expected a finite number < 2, got 3$/);
  });

  it('rejects NaN and infinities even without bounds', () => {
    for (const v of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(thrown(() => numberOption(v, 'f', 'x'))).toBeDefined();
    expect(numberOption(undefined, 'f', 'x', { fallback: -3.5 })).toBe(-3.5);
  });
});

describe('seedOption, booleanOption, enumOption', () => {
  it('seedOption takes any safe integer and names the argument seed by default', () => {
    expect(seedOption(-12, 'f')).toBe(-12);
    expect(seedOption(undefined, 'f', 'seed', { fallback: 42 })).toBe(42);
    const e = thrown(() => seedOption(0.5, 'generate'));
    expect(e?.arg).toBe('seed');
    expect(e?.message).toMatch(/generate: seed: expected a safe integer, got 0\.5$/);
  });

  it('booleanOption takes true and false only', () => {
    expect(booleanOption(false, 'f', 'v')).toBe(false);
    expect(booleanOption(undefined, 'f', 'v', { fallback: true })).toBe(true);
    for (const v of [0, 1, 'true', null]) expect(thrown(() => booleanOption(v, 'f', 'v'))?.message).toMatch(/expected true or false/);
  });

  it('enumOption lists the allowed values', () => {
    const rule = { values: ['paper', 'openxai-code'] as const, fallback: 'paper' as const };
    expect(enumOption('openxai-code', 'f', 'variant', rule)).toBe('openxai-code');
    expect(enumOption(undefined, 'f', 'variant', rule)).toBe('paper');
    expect(thrown(() => enumOption('code', 'f', 'variant', rule))?.message).toMatch(/expected 'paper' or 'openxai-code', got "code"$/);
  });
});

describe('checkOptions with typed keys', () => {
  interface FitOptions {
    readonly folds?: number;
    readonly seed?: number;
  }
  it('takes an OptionKeys list of the interface', () => {
    const keys: OptionKeys<FitOptions> = ['folds', 'seed'];
    const o: FitOptions = { folds: 3 };
    expect(checkOptions(o, keys, 'fit')).toBe(o);
    expect(() => checkOptions({ fold: 3 } as FitOptions, keys, 'fit')).toThrow(/did you mean 'folds'/);
    // @ts-expect-error a key the interface lacks is a type error
    const wrong: OptionKeys<FitOptions> = ['folds', 'sede'];
    expect(wrong).toHaveLength(2);
  });
});
