// Each explainer's and metric's facts live in its registry; a hand-written list of their ids
// elsewhere is a second copy that drifts. This finds such lists in source text.

/** A literal list: `[`, then string literals separated by commas (whitespace and `as const` aside), then `]`. */
const LIST = /\[\s*((?:(['"])[^'"\n]*\2\s*,\s*)+(['"])[^'"\n]*\3\s*,?\s*)\]/g;
const ITEM = /(['"])([^'"\n]*)\1/g;

/** How many ids a literal list must hold to count as a copy of a registry (two may be a pair on purpose). */
export const MIN_LISTED_IDS = 3;

/**
 * A list that is a choice, not a copy of a fact (the explorer's preselected explainers, a
 * function's own kinds), says so with `id-list: <why>` in a comment on its line or the line above.
 */
const CHOICE = /id-list: \S/;

/**
 * The literal lists in `text` whose items are all ids of one registry (`ids`), at least
 * {@link MIN_LISTED_IDS} of them and not marked as a choice, as `file:line: [items]`.
 */
export function registryIdLists(file: string, text: string, ids: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(LIST)) {
    const items = [...m[1]!.matchAll(ITEM)].map((x) => x[2]!);
    if (items.length < MIN_LISTED_IDS || !items.every((id) => ids.has(id))) continue;
    const lines = text.slice(0, m.index).split('\n');
    const line = lines.length;
    const near = `${lines[line - 2] ?? ''}\n${text.split('\n')[line - 1]}`;
    if (CHOICE.test(near)) continue;
    out.push(`${file}:${line}: [${items.join(', ')}]`);
  }
  return out;
}
