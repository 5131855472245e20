// The shape of an id, coarse enough that ids from one generator share it and fine enough that
// another generator's ids differ: separators kept literally, alphanumeric runs (segments)
// reduced to their length and a character class. A class is the union of what a segment
// contains, so the shape of a *set* of ids (their join) is the union per segment: random hex
// bodies `8be88c4f`, `4ee5965b`, `12345678` join to `h{8}` although the last one is all digits.

// Character-kind bits of a segment.
const DIGIT = 1;
const LOWER_HEX = 2; // a-f
const LOWER_OTHER = 4; // g-z
const UPPER_HEX = 8; // A-F
const UPPER_OTHER = 16; // G-Z

/** One alphanumeric run of an id, with the separator text before it. */
export interface IdSegment {
  readonly sep: string;
  readonly length: number;
  /** Bit set of the character kinds in the run (digits, a-f, g-z, A-F, G-Z). */
  readonly mask: number;
}

/** An id split into segments (runs of ASCII letters and digits) and the separator after the last. */
export interface IdStructure {
  readonly segments: readonly IdSegment[];
  readonly tail: string;
}

function kind(code: number): number {
  if (code >= 48 && code <= 57) return DIGIT;
  if (code >= 97 && code <= 102) return LOWER_HEX;
  if (code >= 103 && code <= 122) return LOWER_OTHER;
  if (code >= 65 && code <= 70) return UPPER_HEX;
  if (code >= 71 && code <= 90) return UPPER_OTHER;
  return 0;
}

/**
 * Splits an id into alphanumeric segments and literal separators.
 * @example idStructure('rec_8be88c4f').segments.map((s) => s.length)  // [3, 8]
 * @since 0.2.0
 */
export function idStructure(id: string): IdStructure {
  const segments: IdSegment[] = [];
  let sep = '';
  let length = 0;
  let mask = 0;
  for (let i = 0; i < id.length; i++) {
    const k = kind(id.charCodeAt(i));
    if (k === 0) {
      if (length > 0) {
        segments.push({ sep, length, mask });
        sep = '';
        length = 0;
        mask = 0;
      }
      sep += id[i];
    } else {
      length++;
      mask |= k;
    }
  }
  if (length > 0) {
    segments.push({ sep, length, mask });
    sep = '';
  }
  return { segments, tail: sep };
}

/**
 * The class letter of a segment's character kinds: `9` digits only; `h` lower-case hex
 * (digits and a-f); `a` lower-case letters with some g-z, no digit; `b` lower-case
 * alphanumeric with g-z and digits; `H`, `A`, `B` the upper-case versions; `m` both cases.
 * @since 0.2.0
 */
export function idClass(mask: number): string {
  const lower = (mask & (LOWER_HEX | LOWER_OTHER)) !== 0;
  const upper = (mask & (UPPER_HEX | UPPER_OTHER)) !== 0;
  if (!lower && !upper) return '9';
  if (lower && upper) return 'm';
  const other = (mask & (lower ? LOWER_OTHER : UPPER_OTHER)) !== 0;
  const c = !other ? 'h' : (mask & DIGIT) !== 0 ? 'b' : 'a';
  return upper ? c.toUpperCase() : c;
}

function render(st: IdStructure, masks: readonly number[]): string {
  let out = '';
  st.segments.forEach((s, i) => {
    out += `${s.sep}${idClass(masks[i] ?? s.mask)}{${s.length}}`;
  });
  return out + st.tail;
}

/** Separators and segment lengths only: ids with equal keys can be joined. */
function structureKey(st: IdStructure): string {
  return `${st.segments.map((s) => `${s.sep}${s.length}`).join('\u0001')}\u0002${st.tail}`;
}

/**
 * The shape of one id: `rec_8be88c4f` → `a{3}_h{8}`, `R-352167` → `A{1}-9{6}`, a UUID v4 →
 * `h{8}-h{4}-h{4}-h{4}-h{12}`.
 * @example idShape('rec_8be88c4f')  // 'a{3}_h{8}'
 * @since 0.1.0
 */
export function idShape(id: string): string {
  const st = idStructure(id);
  return render(
    st,
    st.segments.map((s) => s.mask),
  );
}

/**
 * The joined shape of a set of ids (one generator's family): equal separators and segment
 * lengths are required (else `undefined`), and each segment's class is the union over the
 * ids. `idShapeJoin(['8be88c4f', '12345678'])` is `h{8}`.
 * @example idShapeJoin(['rec_8be88c4f', 'rec_4ee5965b'])  // 'a{3}_h{8}'
 * @since 0.2.0
 */
export function idShapeJoin(ids: readonly string[]): string | undefined {
  if (ids.length === 0) return undefined;
  const sts = ids.map(idStructure);
  const first = sts[0]!;
  const key = structureKey(first);
  const masks = first.segments.map((s) => s.mask);
  for (let i = 1; i < sts.length; i++) {
    const st = sts[i]!;
    if (structureKey(st) !== key) return undefined;
    st.segments.forEach((s, j) => {
      masks[j] = masks[j]! | s.mask;
    });
  }
  return render(first, masks);
}

/**
 * Index of the one id that is not of the family the others form, or -1 when there is no such
 * id or more than one (needs at least 3 ids). The others must share separators and segment
 * lengths; an id is odd when its structure differs from theirs, or in some segment it
 * widens their joined class (letters among digits, g-z among hex bodies), or is all digits
 * where every one of them has a letter (a padded integer among hex bodies; segments of 6+
 * characters). A kind only *some* others have does not count: random hex bodies without a
 * letter stay in their family.
 * @example oddIdShape(['rec_8be88c4f', 'rec_4ee5965b', 'R-352167', 'rec_0a1b2c3d'])  // 2
 * @since 0.2.0
 */
export function oddIdShape(ids: readonly string[]): number {
  const n = ids.length;
  if (n < 3) return -1;
  const sts = ids.map(idStructure);
  const keys = sts.map(structureKey);
  let odd = -1;
  for (let i = 0; i < n; i++) {
    const k0 = i === 0 ? 1 : 0;
    let family = true;
    for (let j = 0; j < n && family; j++) if (j !== i && keys[j] !== keys[k0]) family = false;
    if (!family) continue;
    let differs = keys[i] !== keys[k0];
    if (!differs) {
      const segs = sts[k0]!.segments.length;
      for (let t = 0; t < segs && !differs; t++) {
        let union = 0;
        let othersLettered = true;
        for (let j = 0; j < n; j++) {
          if (j === i) continue;
          const m = sts[j]!.segments[t]!.mask;
          union |= m;
          if ((m & ~DIGIT) === 0) othersLettered = false;
        }
        const seg = sts[i]!.segments[t]!;
        // Odd when this id widens the others' joined class (letters among digits, g-z among
        // hex), or is all digits where every other id has a letter (a padded integer among hex
        // bodies; only for 6+ characters, where a hex body without a letter is rare: (10/16)^6 = 6 %).
        differs = idClass(seg.mask | union) !== idClass(union) || (seg.mask === DIGIT && othersLettered && seg.length >= 6);
      }
    }
    if (!differs) continue;
    if (odd !== -1) return -1;
    odd = i;
  }
  return odd;
}
