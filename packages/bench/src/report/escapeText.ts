import { crc32Hex } from '../results/crc32.js';

// Every string that reaches a report from a user (file names and the dataset ids made from them,
// column names, values, model names, commands) goes through one of these before it is written.

/** Text for HTML element content and quoted attribute values. @since 0.2.0 */
export function htmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * Text for Markdown (CommonMark and GFM at default options): line breaks become spaces (a
 * newline would end a table row or start a block); `&` and `<` become entities, so no raw HTML
 * or autolink survives; the characters that open emphasis, code, links, images, tables and
 * headings are backslash-escaped, and `@` (GFM would link `name@host` as an e-mail). Rendered, it reads as the original text.
 * @since 0.2.0
 */
export function mdText(s: string): string {
  return mdEscape(s, /[\\`*[\]|#!~@]/g);
}

/**
 * Text for one GFM table cell: as {@link mdText}, but `#` is left as is. A cell holds inline
 * content only, where `#` opens no heading, so `#1` reads `#1` in the Markdown source too;
 * `|` (which would split the cell), backslashes and everything inline markup needs stay escaped.
 * @since 0.3.0
 */
export function mdCell(s: string): string {
  return mdEscape(s, /[\\`*[\]|!~@]/g);
}

function mdEscape(s: string, specials: RegExp): string {
  return (
    s
      .replace(/\r\n|[\r\n\u2028\u2029]/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(specials, (c) => `\\${c}`)
      // An underscore between letters or digits cannot open or close emphasis (CommonMark): `tabular_train` stays as is.
      .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_')
  );
}

/**
 * A CSV field: quoted when it holds a quote, comma or line break; a field a spreadsheet would
 * run as a formula (`=`, `+`, `-`, `@`, tab, CR first) is prefixed with `'` so it stays text.
 * Only for user strings, never for numbers.
 * @since 0.2.0
 */
export function csvText(s: string): string {
  const t = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/**
 * A file-name-safe slug of user text (letters, digits, `.`, `_`, `-`); text it had to change
 * gets its CRC-32 appended, so two ids never share a file.
 * @since 0.2.0
 */
export function fileSlug(s: string): string {
  const t = s
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 80)
    .replace(/_+$/, '');
  return t === s && t.length > 0 ? t : `${t}${t.length > 0 ? '_' : ''}${crc32Hex(s)}`;
}
