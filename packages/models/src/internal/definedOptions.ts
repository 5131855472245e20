/**
 * The options without keys whose value is `undefined`, so that `{ seed: undefined }` from
 * JavaScript (or a caller forwarding an optional value) means "the default", not undefined.
 */
export function definedOptions<T extends object>(options: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) if (v !== undefined) out[k] = v;
  return out as T;
}
