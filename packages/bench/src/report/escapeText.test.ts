import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { csvText, fileSlug, htmlText, mdText } from './escapeText.js';
import { mdTable } from './renderMarkdown.js';

const PAYLOADS = [
  '"><img src=x onerror=alert(15)>',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '![i](x.png)',
  'a|b',
  '`tick` **bold** _em_ ~~del~~',
  '# heading',
  'tabular_train',
  'me@example.com',
  '&amp; literally',
  'back\\slash',
];
const decode = (html: string): string =>
  html
    .replace(/<\/?p>\n?/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trimEnd();

describe('mdText', () => {
  it('renders (marked, default options) as the original text: no element, link, emphasis or heading', async () => {
    for (const s of PAYLOADS) {
      const html = await marked.parse(mdText(s));
      expect(html, s).toMatch(/^<p>[^<]*<\/p>\n$/); // one paragraph of text, no element inside
      expect(decode(html), s).toBe(s);
    }
  });
  it('keeps a table cell in one piece and a line break as a space', async () => {
    const html = await marked.parse(`| h |\n|---|\n| ${mdText('a|b\nc')} |\n`);
    expect(html).toContain('<td>a|b c</td>');
  });
});

describe('mdTable cells', () => {
  it('leave # as written and still escape |, backslashes and inline markup', () => {
    const lines = mdTable({ header: ['rank #'], numeric: [false], rows: [['#1= (1–2) Gradient'], ['a|b \\ *c*']] });
    expect(lines).toEqual(['| rank # |', '|---|', '| #1= (1–2) Gradient |', '| a\\|b \\\\ \\*c\\* |']);
  });
  it('render (marked, GFM tables) as one text cell holding the original text', async () => {
    for (const s of [...PAYLOADS, '#1', '#2= (1–3) LIME', '## x ##']) {
      const html = await marked.parse(`${mdTable({ header: ['h'], numeric: [false], rows: [[s]] }).join('\n')}\n`);
      const cell = /<td>([^<]*)<\/td>/.exec(html); // no element inside the cell
      expect(cell, s).not.toBeNull();
      expect(decode(cell![1]!), s).toBe(s);
    }
  });
});

describe('htmlText, csvText, fileSlug', () => {
  it('escape for HTML text and attributes', () => {
    expect(htmlText(`"'<a>&`)).toBe('&quot;&#39;&lt;a&gt;&amp;');
  });
  it('quote CSV fields and keep formulas as text', () => {
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvText('plain')).toBe('plain');
  });
  it('slug file names, with a CRC when the text changed', () => {
    expect(fileSlug('heloc')).toBe('heloc');
    expect(fileSlug('a/b')).not.toBe(fileSlug('a:b'));
    expect(fileSlug('../x')).toMatch(/^x_[0-9a-f]{8}$/);
  });
});
