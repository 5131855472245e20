// The Markdown renderer of a report document: every user string escaped (mdText / mdCell).
import { mdCell, mdText } from './escapeText.js';
import type { Block, FigureBlock, Inline, ReportDocument, TableModel } from './reportDocument.js';

/** Inline runs as Markdown. */
export function mdInline(content: readonly Inline[]): string {
  return content
    .map((r) => {
      if (typeof r === 'string') return mdText(r);
      // A code span shows its text raw (entities too), so text a reader must not get as markup
      // (a command holding a user's file name) is written as escaped plain text instead.
      if ('code' in r) return /[<>&`]/.test(r.code) ? mdText(r.code) : `\`${r.code}\``;
      if ('strong' in r) return `**${mdText(r.strong)}**`;
      return `*${mdText(r.em)}*`;
    })
    .join('');
}

/** A table model as GFM lines; a folded line follows its row as a `↳` row. */
export function mdTable(t: TableModel): string[] {
  const esc = mdCell;
  const out = [`| ${t.header.map(esc).join(' | ')} |`, `|${t.numeric.map((n) => (n ? '---:' : '---')).join('|')}|`];
  t.rows.forEach((r, i) => {
    out.push(`| ${r.map(esc).join(' | ')} |`);
    const fold = t.folds?.[i];
    if (fold) out.push(`| ${esc(`↳ ${fold}`)} |${' |'.repeat(Math.max(0, t.header.length - 1))}`);
  });
  return out;
}

function figureLines(f: FigureBlock): string[] {
  if (f.file === undefined) return [];
  return [`![${mdText(f.alt)}](${f.file})`, '', ...(f.caption ? [`*${mdText(f.caption)}*`, ''] : [])];
}

function blockLines(b: Block): string[] {
  if (b.only === 'html') return [];
  switch (b.type) {
    case 'heading':
      return [`${'#'.repeat(b.level)} ${mdText(b.text)}`, ''];
    case 'paragraph':
      return [mdInline(b.content), ''];
    case 'banner':
      return [`> **${mdText(b.title)}**`, ...b.items.map((r) => `> - ${mdText(r)}`), ''];
    case 'list':
      return [...b.items.map((r) => `- ${mdInline(r)}`), ''];
    case 'table':
      return [...mdTable(b.table), '', ...(b.footnotes && b.footnotes.length > 0 ? [...b.footnotes.map((f) => `${mdText(f)}  `), ''] : [])];
    case 'figure':
      return figureLines(b);
    case 'figures':
      return b.figures.flatMap(figureLines);
    case 'details':
      return [`**${mdText(b.summary)}**`, '', ...b.blocks.flatMap(blockLines)];
    case 'section':
      return b.blocks.flatMap(blockLines);
    case 'toc':
    case 'raw':
      return [];
  }
}

/**
 * A report document as Markdown: headings, paragraphs, tables with their footnotes under them,
 * figures as images of their files; blocks marked HTML-only are left out.
 * @since 0.3.0
 */
export function renderMarkdown(doc: ReportDocument): string {
  const lines = [`# ${mdText(doc.title)}`, '', ...doc.blocks.flatMap(blockLines)];
  return `${lines.join('\n').trimEnd()}\n`;
}
