import { idShape } from '../probes/idShape.js';

const SEPARATORS = /[-_:./\s#|]+/;
/** Positions read from each end of an id. */
const FROM_START = 40;
const FROM_END = 8;

/** The separator-delimited segments of an id. */
export function idSegments(id: string): string[] {
  return id.split(SEPARATORS).filter((s) => s.length > 0);
}

/**
 * Decile boundaries of every numeric segment position over a set of ids (label-free), so a
 * counter's rank among all ids is a feature: a counter issued in label order (the file was
 * numbered class by class) falls into deciles that follow the label.
 */
export function numericDeciles(ids: readonly string[]): Map<number, Float64Array> {
  const values = new Map<number, number[]>();
  for (const id of ids)
    idSegments(id).forEach((seg, j) => {
      if (!/^\d{1,15}$/.test(seg)) return;
      const list = values.get(j) ?? [];
      list.push(Number(seg));
      values.set(j, list);
    });
  const out = new Map<number, Float64Array>();
  for (const [j, list] of values) {
    if (list.length < 20) continue;
    list.sort((a, b) => a - b);
    out.set(
      j,
      Float64Array.from({ length: 9 }, (_, q) => list[Math.floor(((q + 1) * list.length) / 10)]!),
    );
  }
  return out;
}

/**
 * Emits the content features of one id: the character at each position from the start and
 * from the end, the length, the shape (`idShape`: uuid v4 and v1 share one, so the version
 * character is what separates them), every separator-delimited segment with its index, and
 * for numeric segments the magnitude (⌊log2(v + 1)⌋) and, given `deciles`, the decile of the
 * value among all ids, so a counter that jumps by class or was issued class by class shows up.
 */
export function emitIdFeatures(id: string, emit: (s: string) => void, deciles?: Map<number, Float64Array>): void {
  const n = id.length;
  for (let i = 0; i < Math.min(n, FROM_START); i++) emit(`char[${i}]=${id[i]}`);
  for (let i = 0; i < Math.min(n, FROM_END); i++) emit(`char[-${i + 1}]=${id[n - 1 - i]}`);
  emit(`length=${n}`);
  emit(`shape=${idShape(id)}`);
  const segments = idSegments(id);
  emit(`segments=${segments.length}`);
  segments.forEach((seg, j) => {
    emit(`segment[${j}]=${seg}`);
    emit(`segment[-${segments.length - j}]=${seg}`);
    if (/^\d{1,15}$/.test(seg)) {
      const v = Number(seg);
      emit(`segment[${j}] magnitude=${Math.floor(Math.log2(v + 1))}`);
      const cuts = deciles?.get(j);
      if (cuts) {
        let d = 0;
        while (d < cuts.length && v >= cuts[d]!) d++;
        emit(`segment[${j}] decile=${d + 1}`);
      }
    }
  });
}
