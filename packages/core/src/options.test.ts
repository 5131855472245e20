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
    expect(String((err as Error).message)).toMatch(
      /relativeStability: options\.neighbors: unknown option 'neighbors' \(did you mean 'neighbours'\?\)/,
    );
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

describe('systemError', () => {
  it('maps ENOENT to NOT_FOUND and other system codes to IO_ERROR, naming the path', async () => {
    const { systemError } = await import('./errors.js');
    const enoent = Object.assign(new Error("ENOENT: no such file or directory, open '/x/y'"), { code: 'ENOENT' });
    const e1 = systemError(enoent, { fn: 'loadModel', path: '/x/y', action: 'read' });
    expect(isXaiError(e1, 'NOT_FOUND')).toBe(true);
    expect(String(e1)).toMatch(/loadModel: path: cannot read \/x\/y: ENOENT/);
    const enospc = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    const e2 = systemError(enospc, { fn: 'writeReports', path: '/out/report.md', action: 'write' });
    expect(isXaiError(e2, 'IO_ERROR')).toBe(true);
    expect((e2 as { details: { errno: string } }).details.errno).toBe('ENOSPC');
    const plain = new TypeError('x');
    expect(systemError(plain, { fn: 'f', path: 'p', action: 'a' })).toBe(plain);
  });

  it('checkOptions rejects Map and Set options', () => {
    expect(() => checkOptions(new Map() as never, ['a'], 'f')).toThrow(/expected an options object/);
  });
});
