// Functions by length across the packages' sources (tests excluded), for keeping functions small:
//   node scripts/function-sizes.mjs [--over 80] [--top 20] [--root DIR]
// Prints how many functions exceed 80 and 120 lines, then the longest ones.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const { values } = parseArgs({
  options: { over: { type: 'string', default: '80' }, top: { type: 'string', default: '20' }, root: { type: 'string' } },
});
const root = values.root ?? new URL('..', import.meta.url).pathname;
const over = Number(values.over);
const top = Number(values.top);

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === '__fixtures__') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|js|mjs)$/.test(name) && !/\.test\.(ts|js)$|\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

function functionName(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

function functionsOf(file) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ file: relative(root, file), name: functionName(node), lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const dirs = ['packages', 'examples'].flatMap((d) =>
  readdirSync(join(root, d))
    .map((p) => join(root, d, p, 'src'))
    .filter((p) => {
      try {
        return statSync(p).isDirectory();
      } catch {
        return false;
      }
    }),
);
const all = dirs.flatMap(sourceFiles).flatMap(functionsOf);
all.sort((a, b) => b.lines - a.lines);
console.log(
  `functions: ${all.length}; over ${over} lines: ${all.filter((f) => f.lines > over).length}; over 120: ${all.filter((f) => f.lines > 120).length}`,
);
for (const f of all.slice(0, top)) console.log(`${String(f.lines).padStart(5)}  ${f.name}  ${f.file}`);
