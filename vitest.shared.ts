// Settings every package's vitest config spreads in.
//
// No time limits: a test asserts results, never speed, and a busy machine (a laptop doing other
// work, a shared CI runner) must not fail a correct test. Speed lives in the `bench:perf` scripts;
// a hang is caught by the run's own limit (CI's job timeout), not by a per-test clock.

export const noTimeLimits: { testTimeout: number; hookTimeout: number; teardownTimeout: number } = {
  testTimeout: 0,
  hookTimeout: 0,
  teardownTimeout: 0,
};
