// A report as one document of blocks (headings, paragraphs, tables with their footnotes,
// figures), built once and rendered to Markdown (renderMarkdown) and HTML (renderHtml), so the
// section order, the prose, the notes and the footnotes are written in one place.
import type { TopLevelSpec } from 'vega-lite';

/** A run of inline text: plain, `code`, **strong** or *emphasis*. */
export type Inline = string | { readonly code: string } | { readonly strong: string } | { readonly em: string };

/** A table as display strings. `numeric[j]`: right-align column j. */
export interface TableModel {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly numeric: readonly boolean[];
  /** A line folded under row i (controls, receipts): HTML a closed `<details>` row, Markdown a `↳` row. */
  readonly folds?: readonly (string | null)[];
  /** What the folded lines hold (the `<details>` summary in HTML). @defaultValue 'details' */
  readonly foldLabel?: string;
  /** A role per row, for styling ('control' rows are reference values). */
  readonly rowRoles?: readonly (string | null)[];
  /** A role per cell (a verdict: 'beats', 'fails', 'untestable') and a title shown on hover in HTML. */
  readonly cellRoles?: readonly (readonly (string | null)[])[];
  readonly cellTitles?: readonly (readonly (string | null)[])[];
}

/** A block rendered by only one of the renderers (charts drawn in the page, a drill-down). */
type Only = { readonly only?: 'html' | 'md' };

/** One Vega-Lite figure: inlined as SVG in HTML; in Markdown an image of `file` when the figure is also written to disk. */
export interface FigureBlock {
  readonly type: 'figure';
  readonly id: string;
  readonly spec: TopLevelSpec;
  readonly alt: string;
  readonly caption?: string;
  readonly file?: string;
  readonly role?: string;
}

/** The blocks of a report. */
export type Block = Only &
  (
    | { readonly type: 'heading'; readonly level: 1 | 2 | 3; readonly text: string; readonly id?: string }
    | { readonly type: 'paragraph'; readonly content: readonly Inline[]; readonly role?: 'note' | 'model' | 'top' }
    | { readonly type: 'banner'; readonly title: string; readonly items: readonly string[] }
    | { readonly type: 'list'; readonly items: readonly (readonly Inline[])[]; readonly role?: string }
    | { readonly type: 'table'; readonly table: TableModel; readonly role: string; readonly footnotes?: readonly string[] }
    | FigureBlock
    | { readonly type: 'figures'; readonly figures: readonly FigureBlock[]; readonly role?: string }
    | { readonly type: 'details'; readonly summary: string; readonly id?: string; readonly blocks: readonly Block[] }
    | { readonly type: 'toc'; readonly entries: readonly { readonly id: string; readonly text: string }[] }
    | { readonly type: 'section'; readonly id: string; readonly role?: string; readonly blocks: readonly Block[] }
    | { readonly type: 'raw'; readonly html: string }
  );

/** A whole report: its title (the page title and the first heading) and its blocks. */
export interface ReportDocument {
  readonly title: string;
  readonly blocks: readonly Block[];
}

/** Plain text of inline runs (what a reader sees once rendered). */
export function inlineText(content: readonly Inline[]): string {
  return content.map((r) => (typeof r === 'string' ? r : 'code' in r ? r.code : 'strong' in r ? r.strong : r.em)).join('');
}

/**
 * The notes and footnotes of a document, as plain text, in order: every 'note' paragraph and
 * every table footnote, in blocks both renderers draw. Each must read the same in report.md and
 * report.html (a test renders both and compares).
 */
export function documentNotes(doc: ReportDocument): string[] {
  const out: string[] = [];
  const walk = (blocks: readonly Block[]): void => {
    for (const b of blocks) {
      if (b.only !== undefined) continue;
      if (b.type === 'paragraph' && b.role === 'note') out.push(inlineText(b.content));
      else if (b.type === 'table') out.push(...(b.footnotes ?? []));
      else if (b.type === 'section' || b.type === 'details') walk(b.blocks);
    }
  };
  walk(doc.blocks);
  return out;
}
