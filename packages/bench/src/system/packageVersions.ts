import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/** The packages whose code produces a run's numbers (`@xai/onnx` under `--backend ort` and for `--model m.onnx`). */
export const XAI_PACKAGES: readonly string[] = [
  '@xai/core',
  '@xai/data',
  '@xai/synth',
  '@xai/models',
  '@xai/explainers',
  '@xai/metrics',
  '@xai/audit',
  '@xai/onnx',
  '@xai/bench',
];

function jsFiles(dir: string, root: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) jsFiles(p, root, out);
    else if (name.endsWith('.js')) out.push(relative(root, p));
  }
  return out;
}

/**
 * `version (dist sha256:…)` of each package: the semver alone cannot tell two builds of
 * 0.1.0 apart, the fingerprint of the built code can (sha256 over the paths and bytes of
 * `dist/**.js`). Packages that cannot be resolved read 'unknown'.
 * @since 0.1.0
 */
export function packageVersions(names: readonly string[] = XAI_PACKAGES): Record<string, string> {
  const require = createRequire(import.meta.url);
  const out: Record<string, string> = { node: process.version };
  for (const name of names) {
    try {
      const pkgPath = require.resolve(`${name}/package.json`);
      const version = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string }).version;
      const dist = join(dirname(pkgPath), 'dist');
      if (!existsSync(dist)) {
        out[name] = version;
        continue;
      }
      const h = createHash('sha256');
      for (const f of jsFiles(dist, dist, []))
        h.update(`${f}\n`)
          .update(readFileSync(join(dist, f)))
          .update('\n');
      out[name] = `${version} (dist sha256:${h.digest('hex').slice(0, 12)})`;
    } catch {
      out[name] = 'unknown';
    }
  }
  return out;
}
