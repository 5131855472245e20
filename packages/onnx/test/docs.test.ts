// The README and docs/ read as user documentation: prose lines of at most 140 characters
// (tables and code aside), links that resolve inside the repository, no tracker numbers.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)];

/** Lines outside fenced code blocks and tables. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (line.startsWith('```')) fenced = !fenced;
    return !fenced && !line.startsWith('```') && !line.startsWith('|');
  });
}

describe.each(pages)('%s', (page) => {
  const text = readFileSync(join(root, page), 'utf8');
  it('has no prose line over 140 characters', () => {
    expect(proseLines(text).filter((l) => l.length > 140)).toEqual([]);
  });
  it('links only to files that exist in the repository', () => {
    const links = [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!);
    for (const link of links) {
      expect(link, `${page} links outside the repository`).not.toMatch(/^[a-z]+:/);
      expect(existsSync(join(root, dirname(page), link)), `${page} → ${link}`).toBe(true);
    }
  });
  it('names no tracker issue', () => {
    expect(text).not.toMatch(/\bissue #?\d+/i);
  });
});

it('control: a long prose line is caught, a long table row is not', () => {
  const long = 'x'.repeat(141);
  expect(proseLines(`${long}\n| ${long} |\n\`\`\`\n${long}\n\`\`\``)).toEqual([long]);
});
