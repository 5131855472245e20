// Settings every package's vitest config spreads in.
//
// No time limits: a test asserts results, never speed, and a busy machine (a laptop doing other
// work, a shared CI runner) must not fail a correct test. Speed lives in the `bench:perf` scripts;
// a hang is caught by the run's own limit (CI's job timeout), not by a per-test clock.
//
// `teardownTimeout` keeps vitest's default: it only bounds how long vitest waits for its workers to
// exit once every result is in, so it cannot fail a test; at 0 vitest warns for every test file.

export const noTimeLimits: { testTimeout: number; hookTimeout: number } = {
  testTimeout: 0,
  hookTimeout: 0,
};
