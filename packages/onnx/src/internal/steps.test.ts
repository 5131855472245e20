// The load path runs one way: parse → graph → interpret (and the dense-chain import, and the
// runtime fallback) → assemble → the loaders. Each source file belongs to one step and imports only from its own
// step and the steps it is allowed to build on; no file imports itself back through a circle.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Step → the files (or folders, ending in '/') in it, relative to src. */
const STEPS: Readonly<Record<string, readonly string[]>> = {
  shared: ['types.ts', 'internal/loadOptions.ts', 'internal/matrixChecks.ts'],
  parse: ['internal/proto.ts'],
  graph: ['internal/graph.ts'],
  import: ['internal/importMlp.ts', 'internal/toNeuralModel.ts', 'internal/chain/'],
  fallback: ['internal/runner.ts', 'internal/nodeRunner.ts', 'internal/webRunner.ts', 'internal/runtimeError.ts'],
  interpret: ['internal/interp/'],
  assemble: ['internal/assemble/'],
  loaders: ['loadOnnxModel.ts', 'loadOnnxModelAsync.ts', 'inspectOnnx.ts', 'externalData.ts'],
  // NeuralModel → ONNX (neuralModelToOnnx) and the ONNX Runtime backend of our own models (ortModel).
  export: ['internal/forwardGraph.ts', 'internal/inputGradientGraph.ts', 'internal/ortGradient.ts', 'neuralModelToOnnx.ts', 'ortModel.ts'],
  entries: ['index.ts', 'node.ts'],
};

/** Step → the steps its files may import from (besides their own). */
const BUILDS_ON: Readonly<Record<string, readonly string[]>> = {
  shared: [],
  parse: ['shared'],
  graph: ['shared', 'parse'],
  import: ['shared', 'parse', 'graph'],
  fallback: ['shared', 'parse'],
  interpret: ['shared', 'parse', 'graph', 'fallback'],
  assemble: ['shared', 'parse', 'graph', 'import', 'fallback', 'interpret'],
  loaders: ['shared', 'parse', 'graph', 'import', 'fallback', 'interpret', 'assemble'],
  export: ['shared', 'parse', 'fallback'],
  entries: ['shared', 'loaders', 'export'],
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(relative(SRC, path).split('\\').join('/'));
  }
  return out.sort();
}

/** Relative imports of a file (type-only ones included), as paths relative to src. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\b[^'";]*?from '(\.[^']+)'/gms)) {
    const target = normalize(join(dirname(file), m[1]!))
      .split('\\')
      .join('/');
    if (target.endsWith('.js')) out.push(target.replace(/\.js$/, '.ts'));
  }
  return out;
}

function stepOf(file: string): string | undefined {
  return Object.keys(STEPS).find((s) => STEPS[s]!.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)));
}

/** Imports that go against the steps' order: "from → to (step → step)". */
function backwardImports(edges: readonly (readonly [string, string])[]): string[] {
  const bad: string[] = [];
  for (const [from, to] of edges) {
    const a = stepOf(from);
    const b = stepOf(to);
    if (a === undefined || b === undefined) continue;
    if (a !== b && !BUILDS_ON[a]!.includes(b)) bad.push(`${from} → ${to} (${a} → ${b})`);
  }
  return bad;
}

/** One circle of imports, if any (depth-first search). */
function findCycle(edges: readonly (readonly [string, string])[]): string[] | undefined {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) next.set(a, [...(next.get(a) ?? []), b]);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): string[] | undefined => {
    if (state.get(f) === 'done') return undefined;
    if (state.get(f) === 'open') return [...path.slice(path.indexOf(f)), f];
    state.set(f, 'open');
    path.push(f);
    for (const g of next.get(f) ?? []) {
      const c = visit(g);
      if (c !== undefined) return c;
    }
    path.pop();
    state.set(f, 'done');
    return undefined;
  };
  for (const f of next.keys()) {
    const c = visit(f);
    if (c !== undefined) return c;
  }
  return undefined;
}

const files = sources(SRC).filter((f) => !f.endsWith('.d.ts'));
const edges = files.flatMap((f) => importsOf(f).map((t) => [f, t] as const));

describe('the load path runs one way', () => {
  it('every source file belongs to a step', () => {
    expect(files.filter((f) => stepOf(f) === undefined)).toEqual([]);
  });
  it('every import goes to the same step or one it builds on', () => {
    expect(edges.length).toBeGreaterThan(40);
    expect(backwardImports(edges)).toEqual([]);
  });
  it('no import circle (type-only imports included)', () => {
    expect(findCycle(edges)).toBeUndefined();
  });
  it('control: a graph file importing the assembly, and a circle, are found', () => {
    const graphToAssemble = [['internal/graph.ts', 'internal/assemble/assembleModel.ts']] as const;
    expect(backwardImports(graphToAssemble)).toEqual(['internal/graph.ts → internal/assemble/assembleModel.ts (graph → assemble)']);
    const importToFallback = [['internal/importMlp.ts', 'internal/runner.ts']] as const;
    expect(backwardImports(importToFallback)).toHaveLength(1);
    const circle = [
      ['a.ts', 'b.ts'],
      ['b.ts', 'c.ts'],
      ['c.ts', 'a.ts'],
    ] as const;
    expect(findCycle(circle)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts']);
  });
});
