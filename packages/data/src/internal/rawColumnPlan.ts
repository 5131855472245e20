import type { Preprocessing } from '@xai/core';
import { XaiError } from '@xai/core';
import type { RawColumnPlan } from './tableEncoding.js';

/** The raw columns a preprocessing block expects, with one-hot expansions, in model column order. */
export function rawColumnPlan(p: Preprocessing, fn = 'applyPreprocessing'): RawColumnPlan[] {
  const bad = (why: string, value: unknown): XaiError =>
    new XaiError('BAD_INPUT', `preprocessing: ${why}`, { fn, arg: 'preprocessing', value });
  if (p === null || typeof p !== 'object' || !Array.isArray(p.features) || !Array.isArray(p.kinds))
    throw bad('expected { features, kinds, scaler, ... }', p);
  if (p.kinds.length !== p.features.length) throw bad(`${p.kinds.length} kinds for ${p.features.length} features`, p.kinds.length);
  const byName = new Map<string, { column: string; values: readonly string[]; at: number }>();
  for (const enc of p.categorical ?? [])
    enc.values.forEach((v, at) => byName.set(`${enc.column}=${v}`, { column: enc.column, values: enc.values, at }));
  const plan: RawColumnPlan[] = [];
  for (let j = 0; j < p.features.length; ) {
    const name = p.features[j]!;
    const hit = byName.get(name);
    if (!hit) {
      plan.push({ name });
      j++;
      continue;
    }
    if (hit.at !== 0) throw bad(`one-hot column ${JSON.stringify(name)} is not the first of ${hit.column}'s block`, name);
    for (let t = 0; t < hit.values.length; t++) {
      if (p.features[j + t] !== `${hit.column}=${hit.values[t]}`)
        throw bad(`the one-hot columns of ${hit.column} must follow each other in the order of its values`, p.features[j + t]);
    }
    plan.push({ name: hit.column, categories: hit.values });
    j += hit.values.length;
  }
  for (const enc of p.categorical ?? [])
    if (!plan.some((c) => c.name === enc.column && c.categories))
      throw bad(`categorical column ${enc.column} has no one-hot columns among the features`, enc.column);
  const seen = new Set<string>();
  for (const c of plan) {
    if (seen.has(c.name)) throw bad(`raw column ${JSON.stringify(c.name)} appears twice`, c.name);
    seen.add(c.name);
  }
  return plan;
}
