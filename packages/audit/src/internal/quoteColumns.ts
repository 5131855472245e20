/** Column names in backticks for a fix line, the first `max` of them. */
export const quoteColumns = (names: readonly string[], max = 4): string =>
  names
    .slice(0, max)
    .map((h) => `\`${h}\``)
    .join(', ') + (names.length > max ? `, … (${names.length} columns)` : '');
