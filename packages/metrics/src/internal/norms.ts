// p-norms over slices of flat buffers (unchecked).

/** ||a[ao..ao+len)||_p */
export function pnorm(a: Float64Array, ao: number, len: number, p: number): number {
  let acc = 0;
  if (p === 2) {
    for (let j = 0; j < len; j++) {
      const v = a[ao + j]!;
      acc += v * v;
    }
    return Math.sqrt(acc);
  }
  if (p === Infinity) {
    for (let j = 0; j < len; j++) acc = Math.max(acc, Math.abs(a[ao + j]!));
    return acc;
  }
  for (let j = 0; j < len; j++) acc += Math.abs(a[ao + j]!) ** p;
  return acc ** (1 / p);
}

/** ||a[ao..) - b[bo..)||_p over len entries */
export function pnormDiff(a: Float64Array, ao: number, b: Float64Array, bo: number, len: number, p: number): number {
  let acc = 0;
  if (p === 2) {
    for (let j = 0; j < len; j++) {
      const v = a[ao + j]! - b[bo + j]!;
      acc += v * v;
    }
    return Math.sqrt(acc);
  }
  if (p === Infinity) {
    for (let j = 0; j < len; j++) acc = Math.max(acc, Math.abs(a[ao + j]! - b[bo + j]!));
    return acc;
  }
  for (let j = 0; j < len; j++) acc += Math.abs(a[ao + j]! - b[bo + j]!) ** p;
  return acc ** (1 / p);
}
