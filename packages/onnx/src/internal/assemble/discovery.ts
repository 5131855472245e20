// The `discovered` record: what the loader found in the graph and why it chose what it chose.
import type { GraphIndex } from '../graph.js';
import type { ImportResult } from '../importMlp.js';
import type { OnnxDiscovery, OnnxModel, OnnxOutputKind } from '../../types.js';
import type { Assembly } from './assembly.js';
import { inputScalingOp } from '../chain/inputScaling.js';
import type { DiscoveredKind } from './outputKind.js';

export interface DiscoveryFacts {
  readonly g: GraphIndex;
  readonly a: Assembly;
  readonly tryImport: ImportResult;
  readonly outputRule: string;
  readonly auto: DiscoveredKind;
  readonly outputOption: OnnxOutputKind | undefined;
  readonly gradientSource: OnnxModel['gradientSource'];
  readonly fdStep: number;
  readonly float64: boolean;
}

export function discovery(f: DiscoveryFacts): OnnxDiscovery {
  const { g, a, tryImport, auto, gradientSource } = f;
  return {
    file: a.file,
    input: g.input.name,
    inputDim: a.inputDim,
    inputType: f.float64 ? 'float64' : 'float32',
    inputs: [g.input.name],
    outputs: g.outputs.map((v) => v.name),
    outputName: a.outputName,
    outputRule: f.outputRule,
    output: a.kind,
    outputKindRule: f.outputOption !== undefined ? `output option '${f.outputOption}' (auto: ${auto.kind}, ${auto.rule})` : auto.rule,
    head: auto.headName,
    width: a.width,
    mlp: tryImport.ok ? tryImport.mlp.ops.join(' → ') : null,
    inputScaling: tryImport.ok ? inputScalingOp(tryImport.mlp.ops) : null,
    mlpImported: a.imported !== undefined,
    ...(a.importReason !== undefined ? { notImportedBecause: a.importReason } : {}),
    ...(!tryImport.ok && tryImport.node !== undefined ? { notImportedAt: tryImport.node } : {}),
    gradientSource,
    ...(gradientSource === 'finite-differences' ? { fdStep: f.fdStep } : {}),
    evaluate: a.evaluate,
    producer: g.producerName,
  };
}
