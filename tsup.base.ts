// Shared tsup settings: every non-test source file outside internal/ becomes an entry,
// so `exports["./*"]` and the build cannot drift apart (fast-check derives entries the same way).
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Options } from 'tsup';

function sourceFiles(dir: string, root: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name === 'internal' || name === '__fixtures__') continue;
      out.push(...sourceFiles(path, root));
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) {
      out.push(relative(root, path));
    }
  }
  return out;
}

/** The license texts of every third-party package compiled into dist (found by esbuild's source-path comments). */
function writeBundledLicenses(): void {
  const dirs = new Set<string>();
  for (const dir of ['dist', join('dist', 'internal')])
    for (const f of readdirSync(dir))
      if (f.endsWith('.js'))
        for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/^\/\/ (\S*node_modules\/(?:@[^/\s]+\/)?[^/\s]+)\//gm)) dirs.add(m[1]!);
  const texts = [...dirs].sort().map((d) => {
    if (!existsSync(join(d, 'LICENSE'))) throw new Error(`tsup: no LICENSE in bundled ${d}`);
    const pkg = JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')) as { name: string; version: string; license: string };
    return `${pkg.name} ${pkg.version} (${pkg.license})\n\n${readFileSync(join(d, 'LICENSE'), 'utf8').trim()}\n`;
  });
  writeFileSync(join('dist', 'THIRD-PARTY-LICENSES.txt'), `Compiled into this package's dist:\n\n${texts.join('\n---\n\n')}`);
}

/**
 * `bundle` names CommonJS dependencies compiled into dist instead of installed (a small runtime part of a
 * package whose install is large). Their module wrappers would pull tsup's Node-only ESM shims
 * (`path`, `url`) into the browser-safe ESM chunks, so the ESM build goes without those shims.
 */
export function xaiTsup(overrides: Options = {}, bundle: string[] = []): Options {
  return {
    entry: sourceFiles('src', '.'),
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    sourcemap: true,
    target: 'node20',
    platform: 'node',
    shims: true,
    splitting: true,
    // Shared chunks live under dist/internal/, which every exports map blocks ("./internal/*": null),
    // so `@xai/x/chunk-…` never resolves for a consumer.
    esbuildOptions(options, { format }) {
      options.chunkNames = 'internal/[name]-[hash]';
      if (bundle.length > 0 && format === 'esm' && options.inject)
        options.inject = options.inject.filter((f) => !f.endsWith('esm_shims.js'));
    },
    ...(bundle.length > 0 ? { noExternal: bundle, onSuccess: async () => writeBundledLicenses() } : {}),
    ...overrides,
  };
}
