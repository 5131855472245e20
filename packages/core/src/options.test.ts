import { describe, expect, it } from 'vitest';
import { isXaiError } from './errors.js';
import { checkOptions, closestKey } from './options.js';

describe('checkOptions', () => {
  it('passes known keys through and maps undefined to {}', () => {
    const o = { neighbours: 3 };
    expect(checkOptions(o, ['neighbours', 'seed'], 'f')).toBe(o);
    expect(checkOptions(undefined, ['a'], 'f')).toEqual({});
  });

  it('rejects an unknown key naming the function, the key and the closest allowed key', () => {
    let err: unknown;
    try {
      checkOptions({ neighbors: 3 } as object, ['neighbours', 'seed'], 'relativeStability');
    } catch (e) {
      err = e;
    }
    expect(isXaiError(err, 'BAD_OPTION')).toBe(true);
    expect(String((err as Error).message)).toMatch(/relativeStability: options\.neighbors: unknown option 'neighbors' \(did you mean 'neighbours'\?\)/);
  });

  it('rejects a key whose value is undefined too, and lists the allowed keys when nothing is close', () => {
    expect(() => checkOptions({ zzz: undefined }, ['alpha', 'beta'], 'f')).toThrow(/unknown option 'zzz' \(allowed: alpha, beta\)/);
  });

  it('rejects non-objects', () => {
    for (const bad of [null, 3, 'x', [1], new Float64Array(2)]) {
      expect(() => checkOptions(bad as never, ['a'], 'f')).toThrow(/BAD_OPTION.*expected an options object/);
    }
  });

  it('closestKey finds typos but not unrelated words', () => {
    expect(closestKey('epocs', ['epochs', 'seed'])).toBe('epochs');
    expect(closestKey('hiden', ['hidden', 'activation'])).toBe('hidden');
    expect(closestKey('dataDirr', ['dataDir', 'cacheDir'])).toBe('dataDir');
    expect(closestKey('banana', ['epochs', 'seed'])).toBeUndefined();
  });
});
