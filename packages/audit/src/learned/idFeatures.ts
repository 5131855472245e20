import { idShape } from '../probes/idShape.js';

const SEPARATORS = /[-_:./\s#|]+/;
/** Positions read from each end of an id. */
const FROM_START = 40;
const FROM_END = 8;
/** The shortest id that may be another id's group (a prefix it extends). */
const MIN_GROUP = 3;

/**
 * The ways an id is read, each by its own model: a cue in one part of an id must not be drowned
 * by the other parts (sibling ids that share a prefix and differ in their suffix carry opposite
 * labels in FEVER-Symmetric: prefix features cancel the suffix when read together).
 * - `suffix`: characters from the end, the length, the last segment and its shape;
 * - `prefix`: characters from the start, the length and the shape (uuid version, hex length);
 * - `segments`: every separator-delimited segment by position, numeric magnitudes and deciles (counters);
 * - `group`: what follows the group the id belongs to (a prefix several ids share, see `idGroups`).
 * @since 0.3.0
 */
export const ID_VIEWS = ['suffix', 'prefix', 'segments', 'group'] as const;
export type IdView = (typeof ID_VIEWS)[number];

/** The separator-delimited segments of an id. */
export function idSegments(id: string): string[] {
  return id.split(SEPARATORS).filter((s) => s.length > 0);
}

/**
 * The group of every id: a prefix shared by several ids, which the id extends. Two readings,
 * the first that applies: another id of the set is a proper prefix of this one (FEVER-Symmetric:
 * `54253` and its generated siblings `542530000002`, `542530000003`, …; the shorter id is the
 * group's root), or the id without its last segment is shared by 2 to max(4, n/10) ids
 * (`686293997.jpg#4r1e`, `…#4r1n`, `…#4r1c`: the image). Ids in no group get undefined.
 */
export function idGroups(ids: readonly string[]): (string | undefined)[] {
  const set = new Set(ids);
  const cap = Math.max(4, Math.floor(ids.length / 10));
  const bySegments = new Map<string, number>();
  const head = ids.map((id) => {
    const cut = id.search(/[-_:./\s#|]+[^-_:./\s#|]*$/);
    return cut > 0 ? id.slice(0, cut) : undefined;
  });
  for (const h of head) if (h !== undefined) bySegments.set(h, (bySegments.get(h) ?? 0) + 1);
  const rooted = new Set<string>();
  const out = ids.map((id, i) => {
    for (let len = id.length - 1; len >= MIN_GROUP; len--) {
      const p = id.slice(0, len);
      if (set.has(p)) {
        rooted.add(p);
        return p;
      }
    }
    const h = head[i];
    return h !== undefined && bySegments.get(h)! >= 2 && bySegments.get(h)! <= cap ? h : undefined;
  });
  return out.map((g, i) => g ?? (rooted.has(ids[i]!) ? ids[i] : undefined));
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

/** What the views of a set of ids need besides the id: counter deciles and each id's group. */
export interface IdContext {
  readonly deciles: Map<number, Float64Array>;
  readonly group: ReadonlyMap<string, string | undefined>;
}

/** The label-free context of a set of ids. */
export function idContext(ids: readonly string[]): IdContext {
  const groups = idGroups(ids);
  return { deciles: numericDeciles(ids), group: new Map(ids.map((id, i) => [id, groups[i]])) };
}

/** Emits the features of one id under one view (see `ID_VIEWS`). */
export function emitIdView(id: string, view: IdView, ctx: IdContext, emit: (s: string) => void): void {
  const n = id.length;
  if (view === 'prefix') {
    for (let i = 0; i < Math.min(n, FROM_START); i++) emit(`char[${i}]=${id[i]}`);
    emit(`length=${n}`);
    emit(`shape=${idShape(id)}`);
  } else if (view === 'suffix') {
    for (let i = 0; i < Math.min(n, FROM_END); i++) emit(`char[-${i + 1}]=${id[n - 1 - i]}`);
    const segments = idSegments(id);
    const last = segments[segments.length - 1] ?? '';
    emit(`length=${n}`);
    emit(`last segment=${last}`);
    emit(`last segment shape=${idShape(last)}`);
  } else if (view === 'segments') {
    emitSegments(id, ctx.deciles, emit);
  } else {
    const g = ctx.group.get(id);
    if (g === undefined) {
      emit('group=none');
      return;
    }
    const rest = id.slice(g.length);
    emit(`rest=${rest === '' ? '∅ (the group root)' : rest}`);
    emit(`rest length=${rest.length}`);
    for (let i = 0; i < Math.min(rest.length, FROM_END); i++) emit(`rest char[-${i + 1}]=${rest[rest.length - 1 - i]}`);
  }
}

function emitSegments(id: string, deciles: Map<number, Float64Array>, emit: (s: string) => void): void {
  const segments = idSegments(id);
  emit(`segments=${segments.length}`);
  segments.forEach((seg, j) => {
    emit(`segment[${j}]=${seg}`);
    emit(`segment[-${segments.length - j}]=${seg}`);
    if (/^\d{1,15}$/.test(seg)) {
      const v = Number(seg);
      emit(`segment[${j}] magnitude=${Math.floor(Math.log2(v + 1))}`);
      const cuts = deciles.get(j);
      if (cuts) {
        let d = 0;
        while (d < cuts.length && v >= cuts[d]!) d++;
        emit(`segment[${j}] decile=${d + 1}`);
      }
    }
  });
}
