// Split sizes, shared by option validation and the generator so that they cannot disagree.

/** Rows in the test split for N rows (floor, with a guard against 0.29 * 100 = 28.999…). */
export function testRows(total: number, testFraction: number): number {
  return Math.floor(total * testFraction * (1 + 1e-12));
}

/** Rows in the validation split for `trainRows` train rows. */
export function validationRows(trainRows: number, validationFraction: number): number {
  return Math.floor(trainRows * validationFraction * (1 + 1e-12));
}
