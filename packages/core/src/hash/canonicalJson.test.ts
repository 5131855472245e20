import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonicalJson.js';

describe('canonicalJson', () => {
  it('sorts keys at every level and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })).toBe('{"a":[2,{"c":4,"d":3}],"b":1}');
  });

  it('gives equal text for equal data built in different key orders', () => {
    const x = { seed: 1, params: { kappa: 5, dim: 2 } };
    const y = { params: { dim: 2, kappa: 5 }, seed: 1 };
    expect(canonicalJson(x)).toBe(canonicalJson(y));
  });

  it('drops undefined members as JSON.stringify does, and keeps null', () => {
    expect(canonicalJson({ a: undefined, b: null, c: [undefined] })).toBe('{"b":null,"c":[null]}');
    expect(canonicalJson('x')).toBe('"x"');
  });
});
