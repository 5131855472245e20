// What an `xai train --out` folder may hold: the models an earlier `xai train` wrote there (listed
// in its models.json), which a new run keeps and lists again. Anything else — a user's own file,
// or a model this run would replace — is refused before any training, unless --force.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { XaiError, isXaiError } from '@xai/core';
import { readJsonFile } from '@xai/core/node';

/** One entry of an earlier models.json (as written: dataset, model, file, …). */
export type ModelsJsonEntry = Readonly<Record<string, unknown>> & {
  readonly file: string;
  readonly dataset?: unknown;
  readonly model?: unknown;
};

/** An output folder's earlier entries, and the check for one file this run writes. */
export interface TrainFolder {
  readonly entries: readonly ModelsJsonEntry[];
  /** Refuses (without force) to replace a model an earlier run wrote. */
  refuseReplacing(file: string): void;
}

const FN = 'xai train';

/** The entries of `<out>/models.json`, or null when the file is not one xai train wrote. */
function earlierEntries(out: string): ModelsJsonEntry[] | null {
  const path = join(out, 'models.json');
  if (!existsSync(path)) return [];
  let j: unknown;
  try {
    j = readJsonFile(path, { fn: FN, arg: '--out' });
  } catch (e) {
    if (isXaiError(e, 'PARSE_ERROR')) return null;
    throw e;
  }
  const m = j as { format?: unknown; models?: unknown } | null;
  if (m?.format !== 'xai-bench-models@1' || !Array.isArray(m.models)) return null;
  return m.models.filter((e): e is ModelsJsonEntry => typeof (e as { file?: unknown } | null)?.file === 'string');
}

/**
 * Checks `out` before any training: it may be absent, empty, or hold what earlier `xai train`
 * runs wrote (models.json and the model files it lists). Other files are refused naming them
 * (BAD_OPTION) unless `force`.
 * @since 0.3.0
 */
export function checkTrainFolder(out: string, force: boolean): TrainFolder {
  if (!existsSync(out) || !statSync(out).isDirectory()) return { entries: [], refuseReplacing: () => {} };
  const earlier = earlierEntries(out);
  const ours = new Set(['models.json', ...(earlier ?? []).map((e) => e.file)]);
  const others = readdirSync(out).filter((n) => (earlier === null || !ours.has(n)) && !/\.tmp-\d+$/.test(n));
  if (others.length > 0 && !force)
    throw new XaiError(
      'BAD_OPTION',
      `${out} holds files xai train did not write (${others
        .slice(0, 5)
        .map((n) => JSON.stringify(n))
        .join(
          ', ',
        )}${others.length > 5 ? `, … ${others.length} in all` : ''}); nothing was written. Use another folder, or --force to write into it (a file with a model's name is replaced)`,
      { fn: FN, arg: '--out', value: out },
    );
  const entries = earlier ?? [];
  return {
    entries,
    refuseReplacing(file) {
      const e = entries.find((x) => x.file === file);
      if (e === undefined || force) return;
      throw new XaiError(
        'BAD_OPTION',
        `${join(out, file)} holds a model an earlier xai train wrote (models.json: ${String(e.dataset)}/${String(e.model)}${e.preset !== undefined ? `, preset ${String(e.preset)}, seed ${String(e.seed)}` : ''}); nothing was written. Use another folder, or --force to replace it`,
        { fn: FN, arg: '--out', value: join(out, file) },
      );
    },
  };
}

/** models.json after a run: the earlier entries this run did not replace, then this run's. */
export function mergedModelsJson(
  head: Readonly<Record<string, unknown>>,
  earlier: readonly ModelsJsonEntry[],
  now: readonly { readonly file: string }[],
): string {
  const replaced = new Set(now.map((e) => e.file));
  const models = [...earlier.filter((e) => !replaced.has(e.file)), ...now];
  return `${JSON.stringify({ ...head, models }, null, 2)}\n`;
}
