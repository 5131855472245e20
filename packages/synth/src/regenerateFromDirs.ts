import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XaiError, checkOptions, parseJsonText } from '@xai/core';
import { readManifestInput, regenerateManifest } from './internal/manifestInput.js';
import type { SynthDataset, SynthManifest } from './synthDataset.js';

/** Where a bare id is looked up. */
export interface RegenerateOptions {
  /**
   * Directories holding saved datasets: `<dir>/manifest.json` (a `saveSynth` folder) or
   * `<dir>/<id>/manifest.json` (a store of them). A bare id cannot be inverted by itself.
   */
  readonly dirs?: readonly string[];
}

/**
 * `regenerate` that also takes a bare id and finds its manifest in saved folders (Node
 * only; exported as `regenerate` by `@xai/synth/node`). NOT_FOUND lists the folders tried.
 * @example regenerateFromDirs(id, { dirs: ['out/synth'] })
 * @since 0.1.0
 */
export function regenerateFromDirs(manifestOrId: SynthManifest | string, options: RegenerateOptions = {}): SynthDataset {
  const fn = 'regenerate';
  checkOptions(options, ['dirs'], fn);
  const input = readManifestInput(manifestOrId, fn);
  if (!('id' in input)) return regenerateManifest(input.value, input.source, fn);
  const dirs = options.dirs ?? [];
  const found = findManifest(input.id, dirs);
  if (found === undefined) {
    throw new XaiError(
      'NOT_FOUND',
      `no saved manifest with id ${input.id} in ${JSON.stringify(dirs)}; an id is a hash and cannot be inverted — pass the manifest (dataset.manifest or a saved manifest.json) or { dirs } holding it`,
      { fn, arg: 'manifestOrId', value: input.id, tried: dirs },
    );
  }
  return regenerateManifest(found.value, found.path, fn);
}

function findManifest(id: string, dirs: readonly string[]): { value: unknown; path: string } | undefined {
  for (const dir of dirs) {
    for (const path of [join(dir, 'manifest.json'), join(dir, id, 'manifest.json')]) {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue;
      }
      // A manifest that does not parse is refused by name rather than passed over: it may be the one sought.
      const value = parseJsonText(text, { file: path, fn: 'regenerate', arg: 'dirs' });
      if ((value as { id?: unknown } | null)?.id === id) return { value, path };
    }
  }
  return undefined;
}
