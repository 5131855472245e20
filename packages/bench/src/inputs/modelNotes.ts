import { usesGradients } from '@xai/explainers/explainerInfo';
import type { PreparedModel } from '../run/benchEngine.js';

/** What a reader must know about a dataset x model beside its scores (summary.json `models`). */
export interface ModelNote {
  readonly dataset: string;
  readonly model: string;
  /** Input gradients are finite differences: gradient-based scores are approximate. */
  readonly approximateGradients: boolean;
  /** The input space the model saw (`dataset`, `scaled`, `raw`, `own`), when recorded. */
  readonly inputSpace: string | null;
  readonly accuracy: number | null;
  readonly baseRate: number | null;
  /** `constant`, `at-or-below-base-rate`, or null when the model is fine (or not checked). */
  readonly modelProblem: 'constant' | 'at-or-below-base-rate' | null;
}

/** One note per dataset x model of a manifest, in its order. @since 0.3.0 */
export function modelNotes(models: readonly PreparedModel[]): ModelNote[] {
  return models.map((m) => ({
    dataset: m.dataset,
    model: m.model,
    approximateGradients: m.approximateGradients === true,
    inputSpace: m.inputSpace?.space ?? null,
    accuracy: m.sanity?.accuracy ?? null,
    baseRate: m.sanity?.baseRate ?? null,
    modelProblem: m.sanity?.problem ?? null,
  }));
}

/** True when this explainer's scores on this model carry finite-difference error. @since 0.3.0 */
export function isApproximateCell(notes: readonly ModelNote[], dataset: string, model: string, explainer: string): boolean {
  return usesGradients(explainer) && notes.some((n) => n.dataset === dataset && n.model === model && n.approximateGradients);
}

/** The note of a dataset x model, when there is one. @since 0.3.0 */
export function noteOf(notes: readonly ModelNote[], dataset: string, model: string): ModelNote | undefined {
  return notes.find((n) => n.dataset === dataset && n.model === model);
}

/** Report and leaderboard lines a reader must see first: flagged models and approximate gradients. @since 0.3.0 */
export function modelWarningLines(notes: readonly ModelNote[] | undefined): string[] {
  const out: string[] = [];
  for (const n of notes ?? []) {
    const pct = (v: number | null): string => (v === null ? '?' : `${(100 * v).toFixed(1)} %`);
    if (n.modelProblem === 'constant')
      out.push(`${n.dataset} · ${n.model}: CONSTANT MODEL (one class for every test row); its rankings mean nothing`);
    else if (n.modelProblem === 'at-or-below-base-rate')
      out.push(
        `${n.dataset} · ${n.model}: accuracy ${pct(n.accuracy)} is not above the base rate ${pct(n.baseRate)}; read its rankings with care`,
      );
    if (n.approximateGradients)
      out.push(`${n.dataset} · ${n.model}: input gradients are finite differences; gradient-based explainers are marked ≈`);
  }
  return out;
}
