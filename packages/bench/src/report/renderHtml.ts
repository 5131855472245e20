// The HTML renderer of a report document: one self-contained page (inline CSS and SVG, no
// script, no network); every user string escaped; figures compiled from Vega-Lite in Node.
import { htmlText as esc } from './escapeText.js';
import type { Block, FigureBlock, Inline, ReportDocument, TableModel } from './reportDocument.js';
import { renderFigureSvg } from './renderSvg.js';

/** The page style of report.html and leaderboard.html: fits a 1200 px page. */
export const REPORT_CSS = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px auto;max-width:1200px;color:#222;padding:0 16px}
h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ddd}h3{font-size:15px}
table{border-collapse:collapse;margin:8px 0 4px;font-variant-numeric:tabular-nums;font-size:13px}.scroll{overflow-x:auto;max-width:100%}
th,td{border:1px solid #ddd;padding:3px 7px;text-align:right;white-space:nowrap}th.l,td.l{text-align:left}th{background:#f4f4f4}
nav#toc{background:#f8f8f8;border:1px solid #e4e4e4;padding:6px 12px;display:inline-block}nav#toc ol{margin:4px 0;padding-left:22px}
table.legend td{white-space:normal}details.drill{margin:10px 0}details summary{cursor:pointer;color:#1f5fa8}p.model{background:#f4f8ff;padding:4px 8px}p.top{font-size:12px}
tr.control td{color:#555;background:#fafafa;font-size:12px}td.v-beats{background:#e8f5e9}td.v-fails{background:#fdecea}td.v-untestable{background:#f1f1f1;color:#555}
tr.fold td{border-top:0;background:#fcfcfc;text-align:left;white-space:normal;font-size:12px;color:#444}tr.fold details summary{color:#1f5fa8;font-size:12px}
ul.footnotes{list-style:none;padding-left:0;margin:2px 0 14px;font-size:12px;color:#444;max-width:1100px}
.charts{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0;border:1px solid #eee;padding:6px;max-width:100%;overflow-x:auto}
figure figcaption{font-size:12px;color:#555;max-width:900px}
.note{color:#555;max-width:960px}figure.overview{border:0;padding:0;margin:8px 0 4px}ul.notes{font-size:13px;color:#444}
.partial{border:2px solid #d62728;background:#fff4f4;padding:8px 12px;margin:12px 0}code{background:#f4f4f4;padding:0 3px}
section.verdicts{background:#fbfcfe;border:1px solid #dfe6f0;padding:4px 14px 8px;margin:12px 0}section.verdicts h2{margin-top:10px}`;

function htmlInline(content: readonly Inline[]): string {
  return content
    .map((r) => {
      if (typeof r === 'string') return esc(r);
      if ('code' in r) return `<code>${esc(r.code)}</code>`;
      if ('strong' in r) return `<b>${esc(r.strong)}</b>`;
      return `<i>${esc(r.em)}</i>`;
    })
    .join('');
}

/** A table model as an HTML table (in a scroll box); folded lines in closed `<details>` rows. */
export function htmlTableOf(t: TableModel, cls = ''): string {
  const al = (j: number, extra: string | null | undefined): string => {
    const classes = [t.numeric[j] ? '' : 'l', extra ? `v-${extra}` : ''].filter((c) => c !== '').join(' ');
    return classes === '' ? '' : ` class="${classes}"`;
  };
  const cell = (i: number, j: number, c: string): string => {
    const title = t.cellTitles?.[i]?.[j];
    return `<td${al(j, t.cellRoles?.[i]?.[j])}${title ? ` title="${esc(title)}"` : ''}>${esc(c)}</td>`;
  };
  const body = t.rows.map((r, i) => {
    const role = t.rowRoles?.[i];
    const row = `<tr${role ? ` class="${esc(role)}"` : ''}>${r.map((c, j) => cell(i, j, c)).join('')}</tr>`;
    const fold = t.folds?.[i];
    if (!fold) return row;
    return `${row}<tr class="fold"><td colspan="${t.header.length}"><details><summary>${esc(t.foldLabel ?? 'details')}</summary>${esc(fold)}</details></td></tr>`;
  });
  const head = t.header.map((h, j) => `<th${al(j, null)}>${esc(h)}</th>`).join('');
  return `<div class="scroll"><table${cls ? ` class="${esc(cls)}"` : ''}><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table></div>`;
}

async function figureHtml(f: FigureBlock, index: number): Promise<string> {
  const svg = await renderFigureSvg(f.spec, `fig${index}`);
  const caption = f.caption ? `<figcaption>${esc(f.caption)}</figcaption>` : '';
  return `<figure class="${esc(f.role ?? 'chart')}" id="${esc(f.id)}" role="img" aria-label="${esc(f.alt)}">${svg}${caption}</figure>`;
}

/** Renders blocks in order; figures are numbered across the page so their SVG ids never collide. */
async function blocksHtml(blocks: readonly Block[], counter: { n: number }): Promise<string[]> {
  const out: string[] = [];
  for (const b of blocks) {
    if (b.only === 'md') continue;
    out.push(await blockHtml(b, counter));
  }
  return out;
}

async function blockHtml(b: Block, counter: { n: number }): Promise<string> {
  switch (b.type) {
    case 'heading':
      return `<h${b.level}${b.id ? ` id="${esc(b.id)}"` : ''}>${esc(b.text)}</h${b.level}>`;
    case 'paragraph':
      return `<p class="${b.role ?? 'note'}">${htmlInline(b.content)}</p>`;
    case 'banner':
      return `<div class="partial" role="alert"><b>${esc(b.title)}</b><ul>${b.items.map((r) => `<li>${esc(r)}</li>`).join('')}</ul></div>`;
    case 'list':
      return `<ul class="${esc(b.role ?? 'notes')}">${b.items.map((r) => `<li>${htmlInline(r)}</li>`).join('')}</ul>`;
    case 'table': {
      const notes =
        b.footnotes && b.footnotes.length > 0 ? `<ul class="footnotes">${b.footnotes.map((f) => `<li>${esc(f)}</li>`).join('')}</ul>` : '';
      return `${htmlTableOf(b.table, b.role)}${notes}`;
    }
    case 'figure':
      return figureHtml(b, counter.n++);
    case 'figures': {
      const figs: string[] = [];
      for (const f of b.figures) figs.push(await figureHtml(f, counter.n++));
      return `<div class="charts${b.role ? ` ${esc(b.role)}` : ''}">${figs.join('')}</div>`;
    }
    case 'details':
      return `<details class="drill"${b.id ? ` id="${esc(b.id)}"` : ''}><summary>${esc(b.summary)}</summary>${(await blocksHtml(b.blocks, counter)).join('\n')}</details>`;
    case 'toc':
      return `<nav id="toc"><b>Contents</b><ol>${b.entries.map((e) => `<li><a href="#${esc(e.id)}">${esc(e.text)}</a></li>`).join('')}</ol></nav>`;
    case 'section':
      return `<section${b.role ? ` class="${esc(b.role)}"` : ''} id="${esc(b.id)}">${(await blocksHtml(b.blocks, counter)).join('\n')}</section>`;
    case 'raw':
      return b.html;
  }
}

/**
 * A report document as one self-contained HTML page (inline CSS and SVG, no script, no
 * network), figures compiled from their Vega-Lite specs; blocks marked Markdown-only are left out.
 * @since 0.3.0
 */
export async function renderHtml(doc: ReportDocument, css = REPORT_CSS): Promise<string> {
  const body = await blocksHtml(doc.blocks, { n: 0 });
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(doc.title)}</title><style>${css}</style></head><body>\n<h1>${esc(doc.title)}</h1>\n${body.join('\n')}\n</body></html>\n`;
}
