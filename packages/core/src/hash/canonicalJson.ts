// JSON with object keys sorted at every level: equal data always gives equal text, so it hashes
// alike. JS number printing is already the shortest round-trip form.

/**
 * Canonical JSON text: every object's keys sorted, arrays in order, no whitespace; object members
 * whose value is `undefined` are dropped (as `JSON.stringify` drops them).
 * @example canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] })  // '{"a":[2,{"c":4,"d":3}],"b":1}'
 * @since 0.2.0
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}
