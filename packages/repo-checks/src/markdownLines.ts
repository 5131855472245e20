/** One line of a Markdown file outside fenced code, with what kind of line it is. */
export interface MarkdownLine {
  readonly number: number;
  readonly text: string;
  readonly kind: 'prose' | 'table' | 'html';
}

/** The lines of a Markdown text outside ``` / ~~~ fences (code is not prose and holds no links). */
export function markdownLines(text: string): MarkdownLine[] {
  const out: MarkdownLine[] = [];
  let fence: string | null = null;
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const marker = /^\s*(```|~~~)/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker;
      else if (marker === fence) fence = null;
      return;
    }
    if (fence !== null) return;
    const trimmed = line.trimStart();
    const kind = trimmed.startsWith('|') ? 'table' : trimmed.startsWith('<') ? 'html' : 'prose';
    out.push({ number: i + 1, text: line, kind });
  });
  return out;
}

/** A link target in a Markdown line: `[text](target)` or `![alt](target)`, inline code removed. */
export function linkTargets(line: string): string[] {
  const noCode = line.replace(/`[^`]*`/g, '');
  const out: string[] = [];
  for (const m of noCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (m[1] !== undefined) out.push(m[1]);
  }
  return out;
}
