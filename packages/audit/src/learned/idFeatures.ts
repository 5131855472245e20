import { idShape } from '../probes/idShape.js';

const SEPARATORS = /[-_:./\s#|]+/;
/** Positions read from each end of an id. */
const FROM_START = 40;
const FROM_END = 8;

/**
 * Emits the content features of one id: the character at each position from the start and
 * from the end, the length, the shape (`idShape`: uuid v4 and v1 share one, so the version
 * character is what separates them), every separator-delimited segment with its index, and
 * for numeric segments the magnitude (⌊log2(v + 1)⌋) and the value's last digit, so a counter
 * that restarts per class or jumps by class shows up.
 */
export function emitIdFeatures(id: string, emit: (s: string) => void): void {
  const n = id.length;
  for (let i = 0; i < Math.min(n, FROM_START); i++) emit(`char[${i}]=${id[i]}`);
  for (let i = 0; i < Math.min(n, FROM_END); i++) emit(`char[-${i + 1}]=${id[n - 1 - i]}`);
  emit(`length=${n}`);
  emit(`shape=${idShape(id)}`);
  const segments = id.split(SEPARATORS).filter((s) => s.length > 0);
  emit(`segments=${segments.length}`);
  segments.forEach((seg, j) => {
    emit(`segment[${j}]=${seg}`);
    emit(`segment[-${segments.length - j}]=${seg}`);
    if (/^\d{1,15}$/.test(seg)) {
      const v = Number(seg);
      emit(`segment[${j}] magnitude=${Math.floor(Math.log2(v + 1))}`);
    }
  });
}
