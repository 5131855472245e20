/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// A payload corpus through `xai bench --data <payload-named>.csv` (the real pipeline, a tiny run):
// the file name becomes the dataset id, column names and a text column's values carry HTML,
// Markdown links, pipes, backticks and a line break. Every output file keeps them as text.
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from '@xai/testing-browser';
import { marked } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCliSync } from './spawnCli.js';

const DATA_NAME = '"><img src=x onerror=alert(15)>';
const TEST_NAME = 'test[x](javascript:alert(7))';
const COLUMNS = ['<script>alert(2)</script>', '[x](javascript:alert(3))', 'a|b', '`tick` **bold**', 'multi\nline', 'kind', 'y'];
const KINDS = ['<b>x</b>', '<img src=y onerror=alert(4)>'];
/** Raw HTML elements that only a payload could have put there (the reports write none of them). */
const INJECTED = /<(img|script|iframe|object|embed)\b|<[a-z][^<>]*\son[a-z]+\s*=|href\s*=\s*"?javascript:/i;

const csvField = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** 60 rows, y from the first three columns (a model learns it); row 0 of the test file is far out of range. */
function writeCsv(path: string, rows: number, outlier: boolean): void {
  const lines = [COLUMNS.map(csvField).join(',')];
  for (let i = 0; i < rows; i++) {
    const v = [0, 1, 2, 3, 4].map((j) => Math.sin(1.7 * i + 2.3 * j + 0.5));
    if (outlier && i === 0) v[0] = 99;
    const y = v[0]! + 0.5 * v[1]! - v[2]! > 0 ? 1 : 0;
    lines.push([...v.map((x) => x.toFixed(3)), csvField(KINDS[i % 2]!), String(y)].join(','));
  }
  writeFileSync(path, `${lines.join('\n')}\n`);
}

const dir = mkdtempSync(join(tmpdir(), 'xai-payload-'));
const out = join(dir, 'run');
const read = (f: string): string => readFileSync(join(out, f), 'utf8');

describe('user strings in every output file', () => {
  beforeAll(() => {
    assertBuilt();
    writeCsv(join(dir, `${DATA_NAME}.csv`), 120, false);
    writeCsv(join(dir, `${TEST_NAME}.csv`), 30, true);
    const r = runCliSync([
      'bench',
      ...['--data', join(dir, `${DATA_NAME}.csv`), '--test', join(dir, `${TEST_NAME}.csv`), '--label', 'y'],
      ...['--models', 'lr', '--explainers', 'grad', '--metrics', 'FA,PGI', '--instances', '5', '--workers', '1'],
      ...['--layout', 'paper', '--cache-dir', join(dir, 'cache'), '--out', out],
    ]);
    if (r.code !== 0) throw new Error(`xai bench failed (${r.code}): ${r.stderr}`);
  });

  it('the payloads reach the reports (dataset id, column names in the data warning), as text', () => {
    const md = read('report.md');
    expect(md).toContain('## "&gt;&lt;img src=x onerror=alert(15)&gt; · LR');
    expect(md).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(md).toContain('test\\[x\\](javascript:alert(7))');
    expect(read('report.html')).toContain('&quot;&gt;&lt;img src=x onerror=alert(15)&gt; · LR');
  });

  it('no raw HTML, link or table break from a payload in any Markdown, HTML or SVG file', () => {
    const files = [
      'report.md',
      'leaderboard.md',
      'report-paper.md',
      'report.html',
      'leaderboard.html',
      ...readdirSync(join(out, 'figures')).map((f) => `figures/${f}`),
    ];
    expect(files.length).toBeGreaterThan(5);
    // Quoted attribute values hold escaped text (an SVG's aria-label names the dataset): not markup.
    for (const f of files) expect(read(f).replace(/="[^"]*"/g, '=""'), f).not.toMatch(INJECTED);
    for (const f of ['report.md', 'leaderboard.md', 'report-paper.md']) {
      const text = read(f);
      expect(text, f).not.toMatch(/(?<!\\)\]\(javascript:/);
      // Every table row keeps its table's column count: no pipe or line break from a payload splits a row.
      const pipes = (l: string): number => l.replace(/\\\\/g, '').replace(/\\\|/g, '').split('|').length;
      for (const table of text.split(/\n(?!\|)/).map((b) => b.split('\n').filter((l) => l.startsWith('|')))) {
        if (table.length > 0) expect(new Set(table.map(pipes)).size, `${f}: ${table[0]}`).toBe(1);
      }
    }
  });

  it('rendered by marked at default options, report.md and leaderboard.md carry no element or link from a payload', async () => {
    for (const f of ['report.md', 'leaderboard.md', 'report-paper.md']) {
      // Our own figure links (report.md: overviews and plots) are the only images: drop them, then nothing may remain.
      const html = (await marked.parse(read(f))).replace(/<img src="figures\/[\w.-]+\.svg" alt="[^"<>]*">/g, '');
      expect(html, f).not.toMatch(INJECTED);
      expect(html, f).not.toMatch(/<a\s/);
      expect(html, f).toContain('&lt;img src=x onerror=alert(15)&gt;');
    }
  });

  it('summary.csv and paper.csv keep the dataset id in one quoted field', () => {
    for (const f of ['summary.csv', 'paper.csv']) {
      const lines = read(f).trimEnd().split('\n');
      const quoted = `"""><img src=x onerror=alert(15)>"`;
      expect(
        lines.slice(1).every((l) => l.includes(quoted)),
        f,
      ).toBe(true);
    }
  });

  it('a model file whose name would carry a payload is refused, naming the rule', () => {
    const model = join(dir, '<svg onload=alert(5)>.json');
    writeFileSync(model, '{}');
    const r = runCliSync(['bench', '--data', join(dir, `${DATA_NAME}.csv`), '--label', 'y', '--model', model, '--out', join(dir, 'm')]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/becomes the model id; use letters, digits/);
  });
});

describe.skipIf(process.env.XAI_SKIP_BROWSER === '1')('report.html and leaderboard.html with payloads in Chromium', () => {
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('run no script and hold no injected element', async () => {
    for (const f of ['report.html', 'leaderboard.html']) {
      const page = await browser.newPage();
      const ran: string[] = [];
      page.on('dialog', (d) => {
        ran.push(d.message());
        void d.dismiss();
      });
      page.on('pageerror', (e) => ran.push(e.message));
      await page.goto(pathToFileURL(join(out, f)).href, { waitUntil: 'load' });
      const found = await page.evaluate(() => ({
        elements: document.querySelectorAll('script, img, iframe, object, embed, a[href^="javascript"]').length,
        handlers: [...document.querySelectorAll('*')].filter((el) => [...el.attributes].some((a) => a.name.startsWith('on'))).length,
        text: document.body.textContent ?? '',
      }));
      expect(ran, f).toEqual([]);
      expect(found.elements, f).toBe(0);
      expect(found.handlers, f).toBe(0);
      expect(found.text, f).toContain('"><img src=x onerror=alert(15)>');
      await page.close();
    }
  });
});
