import { XaiError, describeValue } from './errors.js';

export * from './optionValues.js';

/** Edit distance, small strings only (option names): for "did you mean" hints. */
function editDistance(a: string, b: string): number {
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(up + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/** The allowed key closest to `key`, when it is close enough to be a typo. @since 0.2.0 */
export function closestKey(key: string, allowed: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of allowed) {
    const d = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) {
      bestDistance = d;
      best = candidate;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.floor(best.length / 3)) ? best : undefined;
}

/**
 * The allowed keys of an options interface, checked by the compiler: declare a key list as
 * `const KEYS: OptionKeys<FooOptions> = ['a', 'b']` and a key the interface lacks is a type error.
 * @since 0.2.0
 */
export type OptionKeys<T> = readonly (keyof T & string)[];

/**
 * The one options check of every @xai package: `options` must be undefined or a plain
 * object whose own keys are all in `allowed`. An unknown key is BAD_OPTION naming the
 * function, the key and the closest allowed key (a misspelt option must never run
 * silently with its default). Keys whose value is `undefined` are checked too.
 * Returns the options (an empty object for undefined) so it can wrap a destructuring.
 * Type the keys with {@link OptionKeys} (or pass an inline array: the editor completes the
 * interface's keys); check each value with `intOption`, `numberOption`, `seedOption`,
 * `booleanOption` or `enumOption`.
 * @example
 *   const { neighbours = 100 } = checkOptions(options, ['neighbours', 'seed'], 'relativeStability');
 * @since 0.2.0
 */
export function checkOptions<T extends object>(options: T | undefined, allowed: OptionKeys<T>, fn: string, arg?: string): T;
/** The untyped form, for key lists built at run time or shared by several interfaces. */
export function checkOptions<T extends object>(options: T | undefined, allowed: readonly string[], fn: string, arg?: string): T;
export function checkOptions<T extends object>(options: T | undefined, allowed: readonly string[], fn: string, arg = 'options'): T {
  if (options === undefined) return {} as T;
  if (
    options === null ||
    typeof options !== 'object' ||
    Array.isArray(options) ||
    ArrayBuffer.isView(options) ||
    options instanceof Map ||
    options instanceof Set
  ) {
    throw new XaiError('BAD_OPTION', `expected an options object, got ${describeValue(options)}`, { fn, arg, value: options });
  }
  for (const key of Object.keys(options)) {
    if (allowed.includes(key)) continue;
    const hint = closestKey(key, allowed);
    const tail =
      hint !== undefined
        ? ` (did you mean '${hint}'?)`
        : allowed.length > 0
          ? ` (allowed: ${allowed.join(', ')})`
          : ' (this function takes no options)';
    throw new XaiError('BAD_OPTION', `unknown option '${key}'${tail}`, { fn, arg: `${arg}.${key}`, value: key, allowed });
  }
  return options;
}
