import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.js';

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order, without whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 0, y: 1 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":1,"z":0}]},"b":1}');
    expect(canonicalJson([{ b: 2, a: 1 }, 'q', null])).toBe('[{"a":1,"b":2},"q",null]');
  });

  it('gives one string for equal values however their keys were inserted', () => {
    const a = { seed: 0, variant: 'paper', params: { kappa: 6, dim: 20 } };
    const b = { params: { dim: 20, kappa: 6 }, variant: 'paper', seed: 0 };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).not.toBe(canonicalJson({ ...b, seed: 1 }));
  });

  it('is plain JSON: parses back to the same value, numbers in shortest round-trip form', () => {
    const v = { x: 0.1 + 0.2, y: -0, z: 1e21, w: 5e-324, s: 'é"\n' };
    const text = canonicalJson(v);
    expect(JSON.parse(text)).toEqual({ ...v, y: 0 }); // JSON has no −0
    expect(text).toContain('"x":0.30000000000000004');
    expect(text).toContain('"z":1e+21');
  });

  it('drops undefined members and leaves scalars alone, as JSON.stringify does', () => {
    expect(canonicalJson({ b: undefined, a: 1 })).toBe('{"a":1}');
    expect(canonicalJson(7)).toBe('7');
    expect(canonicalJson('s')).toBe('"s"');
    expect(canonicalJson(null)).toBe('null');
  });
});
