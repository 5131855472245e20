// The public API of a package as its users see it: every subpath its exports map opens, and the
// names (values and types) each subpath's declaration file exports.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

type ExportTarget = string | null | { readonly [condition: string]: ExportTarget };

/** The ESM types file a conditional export points at, if any. */
function typesOf(target: ExportTarget): string | null {
  if (target === null || typeof target === 'string') return typeof target === 'string' && target.endsWith('.d.ts') ? target : null;
  const esm = target.import ?? target.default ?? target.types;
  if (esm === undefined) return null;
  if (typeof esm === 'string') return target.types && typeof target.types === 'string' ? target.types : null;
  return typesOf(esm);
}

/** Declaration files under a folder, skipping dist/internal (blocked) and hashed shared chunks. */
function declarationFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'internal' ? [] : declarationFiles(path);
    return name.endsWith('.d.ts') && !/-[A-Za-z0-9_-]{8}\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** Subpath -> declaration file, for every subpath the exports map opens. */
export function publicEntries(packageDir: string): Map<string, string> {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { exports?: Record<string, ExportTarget> };
  const entries = new Map<string, string>();
  for (const [key, target] of Object.entries(pkg.exports ?? {})) {
    if (key === './package.json' || target === null) continue;
    const types = typesOf(target);
    if (types === null) continue;
    if (!key.includes('*')) {
      entries.set(key, join(packageDir, types));
      continue;
    }
    const [before, after] = types.split('*') as [string, string];
    const base = join(packageDir, before);
    for (const file of declarationFiles(base)) {
      const stem = relative(base, file).slice(0, -after.length);
      const blocked = Object.entries(pkg.exports ?? {}).some(([k, t]) => t === null && `./${stem}`.startsWith(k.replace('*', '')));
      // `./index` is the root again: listed once, as `.`.
      if (!blocked && stem !== 'index' && !entries.has(`./${stem}`)) entries.set(key.replace('*', stem), file);
    }
  }
  return entries;
}

/** `subpath name value|type` lines, sorted: the package's public surface. */
export function publicApi(packageDir: string): string[] {
  const entries = publicEntries(packageDir);
  const program = ts.createProgram([...entries.values()], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const lines: string[] = [];
  for (const [subpath, file] of entries) {
    const source = program.getSourceFile(file);
    const moduleSymbol = source ? checker.getSymbolAtLocation(source) : undefined;
    if (moduleSymbol === undefined) {
      lines.push(`${subpath} (no declarations)`);
      continue;
    }
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const kind = target.flags & ts.SymbolFlags.Value ? 'value' : 'type';
      lines.push(`${subpath} ${symbol.getName()} ${kind}`);
    }
  }
  return lines.sort();
}

/** The packages whose API is recorded: every non-private package under packages/. */
export function publishedPackages(root: string): { name: string; dir: string }[] {
  const dir = join(root, 'packages');
  return readdirSync(dir)
    .map((d) => join(dir, d))
    .filter((d) => existsSync(join(d, 'package.json')))
    .map((d) => ({ dir: d, pkg: JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as { name: string; private?: boolean } }))
    .filter(({ pkg }) => !pkg.private)
    .map(({ dir: d, pkg }) => ({ name: pkg.name, dir: d }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Where a package's recorded API lives. */
export function apiFile(checksDir: string, name: string): string {
  return join(checksDir, 'api', `${name.replace(/^@xai\//, '')}.txt`);
}
