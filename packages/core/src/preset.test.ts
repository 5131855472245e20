import { describe, expect, it } from 'vitest';
import { XaiError } from './errors.js';
import { ALL_PRESETS, PEER_PRESETS, PRESETS, resolveAnyPreset, resolvePreset } from './preset.js';

describe('peer presets', () => {
  it('resolveAnyPreset accepts every preset; resolvePreset still refuses the peers', () => {
    expect([...ALL_PRESETS]).toEqual([...PRESETS, ...PEER_PRESETS]);
    for (const p of ALL_PRESETS) expect(resolveAnyPreset(p, 'f')).toBe(p);
    expect(resolveAnyPreset(undefined, 'f')).toBe('default');
    expect(() => resolvePreset('quantus', 'lime')).toThrow(XaiError);
    expect(() => resolveAnyPreset('Quantus', 'sparseness')).toThrow(/BAD_OPTION.*sparseness: preset/);
  });
});
