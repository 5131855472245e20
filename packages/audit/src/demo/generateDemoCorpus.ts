import { XaiError, checkOptions, describeValue, enumOption, intOption, numberOption, seedOption, substream } from '@xai/core';
import type { Candidate, Item } from '../item.js';
import { freshToken } from '../internal/randomToken.js';
import { canonicalJson, sha256Hex } from '@xai/core';
import { titleCase } from '../internal/text.js';

/** Generator name and version: part of every corpus id, bumped whenever output changes. */
export const DEMO_GENERATOR = 'xai-audit-demo@1';

/** Cues the demo generator can inject (one per built-in probe). */
export const CUE_NAMES = ['position', 'case', 'length', 'echo', 'query-overlap', 'stray-field', 'id-shape', 'echo-case'] as const;
export type CueName = (typeof CUE_NAMES)[number];

/** How strongly, and which way, a cue is injected. */
export interface CueSpec {
  /** Probability that an item carries the cue. @defaultValue 1 */
  readonly strength?: number;
  /** Length cue only: the answer is the longest or the shortest. @defaultValue 'longest' */
  readonly sign?: 'longest' | 'shortest';
  /** Position cue only: the fixed index the answer moves to. @defaultValue 0 */
  readonly index?: number;
}

export interface DemoCorpusOptions {
  /** Number of traces (items). @defaultValue 300 */
  readonly items?: number;
  /** Candidates per item (2..16; the echo-case cue needs 4). @defaultValue 4 */
  readonly candidates?: number;
  /** @defaultValue 0 */
  readonly seed?: number;
  /** Cues to inject: a strength in [0, 1] or a full spec. Omitted = clean corpus. */
  readonly cues?: Partial<Record<CueName, number | CueSpec>>;
}

/** Normalised parameters: exactly what the content address hashes. */
export interface DemoCorpusParams {
  readonly items: number;
  readonly candidates: number;
  readonly cues: Readonly<Record<string, { readonly strength: number; readonly sign?: string; readonly index?: number }>>;
}

/** The recipe of a corpus; `id` = sha256(canonical JSON of generator + params + seed). */
export interface DemoCorpusManifest {
  readonly generator: string;
  readonly params: DemoCorpusParams;
  readonly seed: number;
  readonly id: string;
}

export interface DemoCorpus {
  readonly id: string;
  readonly manifest: DemoCorpusManifest;
  readonly items: Item[];
}

/** Clean-corpus noise rates: each surface feature varies, independently of the answer. */
const P_TITLE = 0.15;
const P_LONG_ID = 0.1;
const P_ECHO = 0.35;
const P_MENTION = 0.5;
const SOURCES = ['log', 'chat', 'summary'] as const;

/** Demo defaults. */
export const DEMO_DEFAULTS = { items: 300, candidates: 4, seed: 0 } as const;

/**
 * Builds a demo corpus of retrieval-memory traces: per item a random-token entity and key,
 * a record log (`context`) where the key is updated several times among distractor
 * records, a query for the current value, and candidates = the current value (answer),
 * stale values and distractor values. Clean corpora vary every surface feature
 * independently of the answer; each cue can be injected at a chosen strength. The corpus
 * is content-addressed: same params + seed give the same id and the same bytes.
 * @example generateDemoCorpus({ items: 200, cues: { length: { strength: 0.8, sign: 'shortest' } } })
 * @since 0.1.0
 */
export function generateDemoCorpus(options: DemoCorpusOptions = {}): DemoCorpus {
  const fn = 'generateDemoCorpus';
  checkOptions(options, ['items', 'candidates', 'seed', 'cues'], fn);
  const seed = seedOption(options.seed, fn, 'seed', { fallback: DEMO_DEFAULTS.seed });
  const params = normalizeDemoParams(options, fn);
  const id = demoCorpusId(params, seed);
  const items: Item[] = [];
  for (let i = 0; i < params.items; i++) items.push(buildItem(i, params, seed));
  return { id, manifest: { generator: DEMO_GENERATOR, params, seed, id }, items };
}

/** The content address of a corpus recipe. @since 0.1.0 */
export function demoCorpusId(params: DemoCorpusParams, seed: number): string {
  return sha256Hex(canonicalJson({ generator: DEMO_GENERATOR, params, seed }));
}

/**
 * Rebuilds a corpus from its manifest and checks the id; throws when the generator version
 * differs or the manifest does not hash to its id.
 * @since 0.1.0
 */
export function regenerateDemoCorpus(manifest: DemoCorpusManifest): DemoCorpus {
  const fn = 'regenerateDemoCorpus';
  if (manifest.generator !== DEMO_GENERATOR)
    throw new XaiError('NOT_SUPPORTED', `manifest is for ${describeValue(manifest.generator)}, this is ${DEMO_GENERATOR}`, {
      fn,
      arg: 'manifest.generator',
      value: manifest.generator,
    });
  const corpus = generateDemoCorpus({
    items: manifest.params.items,
    candidates: manifest.params.candidates,
    seed: manifest.seed,
    ...(manifest.params.cues !== undefined ? { cues: manifest.params.cues as NonNullable<DemoCorpusOptions['cues']> } : {}),
  });
  if (corpus.id !== manifest.id)
    throw new XaiError('CHECKSUM_MISMATCH', `manifest id ${manifest.id} does not match its recipe (${corpus.id})`, {
      fn,
      arg: 'manifest.id',
      value: manifest.id,
    });
  return corpus;
}

function normalizeDemoParams(options: DemoCorpusOptions, fn: string): DemoCorpusParams {
  const items = intOption(options.items, fn, 'items', { min: 1, fallback: DEMO_DEFAULTS.items });
  const k = intOption(options.candidates, fn, 'candidates', { min: 2, max: 16, fallback: DEMO_DEFAULTS.candidates });
  const cues: Record<string, { strength: number; sign?: string; index?: number }> = {};
  for (const [name, raw] of Object.entries(options.cues ?? {})) {
    if (raw === undefined) continue;
    if (!(CUE_NAMES as readonly string[]).includes(name))
      throw new XaiError('BAD_OPTION', `unknown cue ${describeValue(name)} (known: ${CUE_NAMES.join(', ')})`, {
        fn,
        arg: 'cues',
        value: name,
      });
    const spec: CueSpec = typeof raw === 'number' ? { strength: raw } : raw;
    const strength = numberOption(spec.strength, fn, `cues.${name}.strength`, { min: 0, max: 1, fallback: 1 });
    if (strength === 0) continue; // a zero-strength cue is the clean corpus: same address
    const entry: { strength: number; sign?: string; index?: number } = { strength };
    if (name === 'length') {
      const sign = enumOption(spec.sign, fn, 'cues.length.sign', { values: ['longest', 'shortest'], fallback: 'longest' });
      entry.sign = sign;
    }
    if (name === 'position') {
      const index = intOption(spec.index, fn, 'cues.position.index', { min: 0, max: k - 1, fallback: 0 });
      entry.index = index;
    }
    if (name === 'echo-case' && k < 4)
      throw new XaiError('BAD_OPTION', `the echo-case cue needs at least 4 candidates, got ${k}`, { fn, arg: 'cues.echo-case', value: k });
    cues[name] = entry;
  }
  return { items, candidates: k, cues };
}

/** Everything about an item that is decided before any string is drawn. Index = role. */
interface Plan {
  k: number;
  lens: number[];
  title: boolean[];
  source: number[];
  longId: boolean[];
  echoes: { from: number; into: number }[];
  mention: number;
  /** Display slot -> role (role 0 = current value = answer). */
  order: Int32Array;
  nStale: number;
  flag: boolean;
  idCue: boolean;
}

function buildItem(i: number, params: DemoCorpusParams, seed: number): Item {
  const k = params.candidates;
  // Clean draws come from one stream and are always drawn in full, so a cued corpus is the
  // clean corpus with edits (cues draw from their own streams).
  const rng = substream(seed, 'demo-item', i);
  const plan: Plan = {
    k,
    nStale: k === 2 ? 1 : 1 + rng.int(k - 2),
    lens: Array.from({ length: k }, () => 5 + rng.int(5)),
    title: Array.from({ length: k }, () => rng.bernoulli(P_TITLE)),
    source: Array.from({ length: k }, () => rng.int(SOURCES.length)),
    longId: Array.from({ length: k }, () => rng.bernoulli(P_LONG_ID)),
    echoes: [],
    mention: -1,
    order: new Int32Array(k),
    flag: false,
    idCue: false,
  };
  if (rng.bernoulli(P_ECHO)) {
    const from = rng.int(k);
    plan.echoes.push({ from, into: otherThan(from, rng.int(k - 1)) });
  }
  if (rng.bernoulli(P_MENTION)) plan.mention = rng.int(k);
  plan.order = rng.permutation(k);

  for (const name of CUE_NAMES) {
    const cue = params.cues[name];
    if (cue === undefined) continue;
    const cueRng = substream(seed, 'demo-cue', name, i);
    if (!(cueRng.uniform() < cue.strength)) continue;
    applyCue(plan, name, cue, cueRng);
  }
  return render(i, plan, seed);
}

/** The j-th role other than `skip` (j in [0, k-1)). */
function otherThan(skip: number, j: number): number {
  return j >= skip ? j + 1 : j;
}

function applyCue(
  plan: Plan,
  name: CueName,
  cue: { strength: number; sign?: string; index?: number },
  rng: ReturnType<typeof substream>,
): void {
  const k = plan.k;
  switch (name) {
    case 'position': {
      const j = cue.index ?? 0;
      const a = plan.order.indexOf(0);
      plan.order[a] = plan.order[j]!;
      plan.order[j] = 0;
      return;
    }
    case 'case':
      for (let r = 0; r < k; r++) plan.title[r] = r === 0;
      return;
    case 'length': {
      const others = plan.lens.slice(1);
      plan.lens[0] = cue.sign === 'shortest' ? Math.max(3, Math.min(...others) - 1 - rng.int(2)) : Math.max(...others) + 1 + rng.int(3);
      return;
    }
    case 'echo':
      plan.echoes = [{ from: 0, into: otherThan(0, rng.int(k - 1)) }];
      return;
    case 'query-overlap':
      plan.mention = 0;
      return;
    case 'stray-field':
      plan.flag = true;
      return;
    case 'id-shape':
      plan.idCue = true;
      for (let r = 1; r < k; r++) plan.longId[r] = false;
      return;
    case 'echo-case': {
      // Answer and a stale decoy both echo; only case separates them. The remaining roles
      // split between capitalised and lower case so that case alone stays ambiguous.
      const decoy = 1;
      plan.echoes = [
        { from: 0, into: otherThan(0, rng.int(k - 1)) },
        { from: decoy, into: otherThan(decoy, rng.int(k - 1)) },
      ];
      plan.title[0] = true;
      plan.title[decoy] = false;
      for (let r = 2; r < k; r++) plan.title[r] = r === 2;
      return;
    }
  }
}

function render(i: number, plan: Plan, seed: number): Item {
  const k = plan.k;
  const used = new Set<string>();
  const base = substream(seed, 'demo-names', i);
  const entity = freshToken(base, 5 + base.int(4), used);
  const key = freshToken(base, 4 + base.int(4), used);
  const other = freshToken(base, 5 + base.int(4), used);
  const values: string[] = [];
  for (let r = 0; r < k; r++) values.push(freshToken(substream(seed, 'demo-value', i, r, plan.lens[r]!), plan.lens[r]!, used));
  const notes: string[][] = [];
  for (let r = 0; r < k; r++) {
    const nr = substream(seed, 'demo-note', i, r);
    notes.push([0, 1, 2].map(() => freshToken(nr, 4 + nr.int(4), used)));
  }
  for (const [e, { from, into }] of plan.echoes.entries()) notes[into]![2 - e] = values[from]!;

  const ids: string[] = [];
  const usedIds = new Set<string>();
  for (let r = 0; r < k; r++) {
    const ir = substream(seed, 'demo-id', i, r);
    let id: string;
    do {
      const digits = plan.longId[r] ? 10000 + ir.int(90000) : 1000 + ir.int(9000);
      id = r === 0 && plan.idCue ? `rec-${1000 + ir.int(9000)}u` : `rec-${digits}`;
    } while (usedIds.has(id));
    usedIds.add(id);
    ids.push(id);
  }

  // The record log: stale updates of entity.key, then the current value last; distractor
  // records (another entity, same key) interleaved at random.
  const cr = substream(seed, 'demo-context', i);
  const chain = [...Array.from({ length: plan.nStale }, (_, s) => plan.nStale - s), 0].map((r) => `${entity}.${key}=${values[r]}`);
  const distractors = Array.from({ length: k - 1 - plan.nStale }, (_, d) => `${other}.${key}=${values[1 + plan.nStale + d]}`);
  const records: string[] = [...chain];
  for (const d of distractors) records.splice(cr.int(records.length + 1), 0, d);
  const context = records.map((rec, t) => `t${t + 1} ${rec}`).join('; ');
  const mentionToken = plan.mention >= 0 ? values[plan.mention]! : freshToken(cr, 5 + cr.int(4), used);
  const query = `current ${key} of ${entity}, see ${mentionToken}`;

  const candidates: Candidate[] = [];
  let answer = -1;
  for (let slot = 0; slot < k; slot++) {
    const r = plan.order[slot]!;
    if (r === 0) answer = slot;
    const cand: Record<string, unknown> = {
      id: ids[r]!,
      text: plan.title[r] ? titleCase(values[r]!) : values[r]!,
      source: SOURCES[plan.source[r]!],
      note: notes[r]!.join(' '),
    };
    if (r === 0 && plan.flag) cand.verified = true;
    candidates.push(cand as Candidate);
  }
  return { id: `trace-${String(i).padStart(6, '0')}`, query, context, candidates, answer };
}
