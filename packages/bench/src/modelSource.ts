import type { BenchDataset } from './loadBenchDataset';
import type { ModelName } from './ids';
import type { BenchConfig } from './benchConfig';
import { trainOrLoadModel } from './trainOrLoadModel';
import type { TrainOrLoadModelOptions, TrainedModel } from './trainOrLoadModel';

/**
 * Where a run's model for a dataset comes from. Today only the built-in kinds the bench trains
 * (and caches); a model file (`--model m.json` / `m.onnx`, a backend such as ORT) is meant to
 * join this union as `{ kind: 'file', path, format }`, resolved in {@link resolveModelSource}.
 */
export type ModelSource = { readonly kind: 'trained'; readonly name: ModelName };

/** The model sources of a run, in config order (one per `--models` entry). @since 0.2.0 */
export function modelSourcesOf(config: Pick<BenchConfig, 'models'>): ModelSource[] {
  return config.models.map((name) => ({ kind: 'trained', name }));
}

/** The id a source's rows, units and tables carry (`lr`, `ann`). @since 0.2.0 */
export function modelSourceId(source: ModelSource): string {
  return source.name;
}

/**
 * Resolves a model source on a dataset into the trained model, its canonical JSON (what the
 * workers load), hash and training report. The one place a new source kind plugs in.
 * @since 0.2.0
 */
export function resolveModelSource(dataset: BenchDataset, source: ModelSource, options: TrainOrLoadModelOptions): TrainedModel {
  switch (source.kind) {
    case 'trained':
      return trainOrLoadModel(dataset, source.name, options);
  }
}
