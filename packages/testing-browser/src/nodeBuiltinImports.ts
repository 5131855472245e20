import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const BUILTINS = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Where one Node built-in is reached from. */
export interface BuiltinImport {
  readonly builtin: string;
  readonly importer: string;
}

/**
 * Bundles `entry` (a file path, or `{ contents, resolveDir }` source) with esbuild for
 * `platform: 'browser'` and returns every Node built-in its module graph imports (empty = the
 * entry is browser-safe). Unlike a plain browser build, which stops at the first unresolvable
 * `node:fs`, this lists them all with the importing file. `external` is passed to esbuild
 * (e.g. a browser runtime such as onnxruntime-web that need not be bundled for the check).
 * @example expect(await nodeBuiltinImports('src/index.ts')).toEqual([]);
 */
export async function nodeBuiltinImports(
  entry: string | { readonly contents: string; readonly resolveDir: string },
  external: readonly string[] = [],
): Promise<BuiltinImport[]> {
  const found: BuiltinImport[] = [];
  await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [entry] }
      : { stdin: { contents: entry.contents, resolveDir: entry.resolveDir, loader: 'js' as const } }),
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    logLevel: 'silent',
    external: [...external],
    plugins: [
      {
        name: 'record-node-builtins',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (!BUILTINS.has(args.path) && !args.path.startsWith('node:')) return undefined;
            found.push({ builtin: args.path, importer: args.importer });
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return found;
}

/**
 * One line per finding, `node:fs (imported by packages/data/src/node.ts)`: paths shortened to
 * start at `packages/` or `examples/` when they hold one, so a failing test names the culprit.
 * @example expect(formatBuiltinImports(await nodeBuiltinImports('src/index.ts'))).toEqual([]);
 */
export function formatBuiltinImports(found: readonly BuiltinImport[]): string[] {
  return found.map((f) => `${f.builtin} (imported by ${f.importer.replace(/^.*?\/((?:packages|examples)\/)/, '$1')})`);
}
