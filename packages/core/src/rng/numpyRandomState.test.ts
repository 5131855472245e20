import { describe, expect, it } from 'vitest';
import { numpyRandomState } from './numpyRandomState.js';

// Reference values as printed by numpy (any version): np.random.seed(0); np.random.rand(3) and
// np.random.seed(0); np.random.randn(5) — the most reproduced numbers in numpy tutorials.
describe('numpyRandomState', () => {
  it('random_sample matches np.random.seed(0); np.random.rand(3)', () => {
    const rs = numpyRandomState(0);
    expect([rs.randomSample(), rs.randomSample(), rs.randomSample()]).toEqual([0.5488135039273248, 0.7151893663724195, 0.6027633760716439]);
  });

  it('standard_normal matches np.random.seed(0); np.random.randn(5)', () => {
    const rs = numpyRandomState(0);
    const got = Array.from({ length: 5 }, () => rs.standardNormal());
    const want = [1.764052345967664, 0.4001572083672233, 0.9787379841057392, 2.240893199201458, 1.8675579901499675];
    got.forEach((g, i) => expect(g).toBeCloseTo(want[i]!, 14));
  });

  it('normal(loc, scale) is loc + scale * standard_normal', () => {
    const out = numpyRandomState(0).fillNormal(new Float64Array(2), 10, 0.1);
    expect(out[0]).toBeCloseTo(10 + 0.1764052345967664, 13);
    expect(out[1]).toBeCloseTo(10 + 0.04001572083672233, 13);
  });

  it('rejects seeds numpy rejects', () => {
    expect(() => numpyRandomState(-1)).toThrow(/BAD_INPUT.*numpyRandomState/);
    expect(() => numpyRandomState(2 ** 32)).toThrow(/BAD_INPUT/);
  });
});
