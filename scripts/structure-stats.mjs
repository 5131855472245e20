// Structure figures for docs/structure.md: functions over 80 lines (and the largest), and import
// cycles among the source modules of each package (relative imports, tests and fixtures excluded).
// Usage: node scripts/structure-stats.mjs [repo root]
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? '.');
const ts = createRequire(new URL('../packages/repo-checks/package.json', import.meta.url))('typescript');

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__fixtures__' || name === 'node_modules' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [path] : [];
  });
}

const files = readdirSync(join(root, 'packages')).flatMap((p) => {
  const src = join(root, 'packages', p, 'src');
  try {
    return sources(src);
  } catch {
    return [];
  }
});

const functions = [];
const edges = new Map();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => sf.getLineAndCharacterOfPosition(pos).line;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const lines = lineOf(node.end) - lineOf(node.getStart(sf)) + 1;
      const name = node.name?.getText(sf) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(sf) : '(anonymous)');
      functions.push({ where: `${relative(root, file)}:${lineOf(node.getStart(sf)) + 1}`, name, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const targets = [];
  for (const st of sf.statements) {
    const spec = (ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier ? st.moduleSpecifier.text : null;
    if (spec === null || !spec.startsWith('.')) continue;
    if (ts.isImportDeclaration(st) && st.importClause?.isTypeOnly) continue;
    targets.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
  }
  edges.set(
    file,
    targets.filter((t) => files.includes(t)),
  );
}

// Strongly connected components (Tarjan): each component of more than one module is a cycle.
let index = 0;
const idx = new Map();
const low = new Map();
const stack = [];
const on = new Set();
const cycles = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  on.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const comp = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      comp.push(w);
    } while (w !== v);
    if (comp.length > 1) cycles.push(comp.map((f) => relative(root, f)).sort());
  }
}
for (const f of files) if (!idx.has(f)) strong(f);

functions.sort((a, b) => b.lines - a.lines);
const over = functions.filter((f) => f.lines > 80);
console.log(
  `source files: ${files.length}; functions: ${functions.length}; over 80 lines: ${over.length}; over 120: ${functions.filter((f) => f.lines > 120).length}`,
);
console.log('largest:');
for (const f of functions.slice(0, 10)) console.log(`  ${f.lines}\t${f.name}\t${f.where}`);
console.log(`import cycles (value imports, strongly connected groups of modules): ${cycles.length}`);
for (const c of cycles) console.log(`  ${c.length} modules: ${c.slice(0, 4).join(', ')}${c.length > 4 ? ', …' : ''}`);
