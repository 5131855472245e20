// The names a README documents as its package's root API: column one of its `| export | what |`
// table, each backticked entry's leading identifier (`runBench(config, options?)` -> runBench).

/** The identifiers of the export table in `readme`, sorted; empty without such a table. */
export function documentedExports(readme: string): string[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => /^\|\s*export\s*\|/.test(l));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const first = line.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Za-z_$][\w$]*)[^`]*`/g)) names.push(m[1]!);
  }
  return [...new Set(names)].sort();
}
