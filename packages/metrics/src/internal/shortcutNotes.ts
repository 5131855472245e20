// The floor and null notes several extended metrics share (each metric's info holds its own
// notes; these are the sentences that read the same for a family of them).

export const RANDOM_ORDER_NULL = 'meaningful: a random order is the reference curve';
export const INPUT_INDEPENDENT_FLOOR = 'meaningful as a warning: an input-independent shortcut explanation scores 0 (the best)';
export const PERMUTATION_INVARIANT =
  'not meaningful: the score is invariant under a permutation of the features, so the permuted null equals the explainer itself';
export const RE_EXPLAIN_NULL =
  'not meaningful: a fixed feature permutation of the explainer output leaves the score unchanged (norms / rank correlations of jointly permuted vectors), and a fresh one per call measures the permutation, not the explainer';
