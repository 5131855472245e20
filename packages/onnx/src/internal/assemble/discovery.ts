// The `discovered` record: what the loader found in the graph and why it chose what it chose.
import { graphInputScalingOp, inputScalingOp } from '../chain/inputScaling.js';
import type { OnnxDiscovery, OnnxGradientSource, OnnxNonDifferentiableInput, OnnxOutputKind } from '../../types.js';
import type { Assembly } from './assembly.js';
import type { DiscoveredKind } from './outputKind.js';
import type { Prepared } from './prepare.js';

export interface DiscoveryFacts {
  readonly p: Prepared;
  readonly a: Assembly;
  readonly auto: DiscoveredKind;
  readonly outputOption: OnnxOutputKind | undefined;
  readonly gradientSource: OnnxGradientSource;
  readonly finiteDifferencesBecause: string | undefined;
  readonly fdStep: number;
  readonly float64: boolean;
  readonly classLabels: readonly string[] | undefined;
  readonly nonDifferentiable: readonly OnnxNonDifferentiableInput[];
}

export function discovery(f: DiscoveryFacts): OnnxDiscovery {
  const { p, a, auto, gradientSource } = f;
  const { g, chain, program } = p;
  return {
    file: a.file,
    input: g.input.name,
    inputDim: a.inputDim,
    inputType: f.float64 ? 'float64' : 'float32',
    inputs: [g.input.name],
    outputs: g.outputs.map((v) => v.name),
    outputName: a.outputName,
    outputRule: p.outputRule,
    output: a.kind,
    outputKindRule: f.outputOption !== undefined ? `output option '${f.outputOption}' (auto: ${auto.kind}, ${auto.rule})` : auto.rule,
    head: auto.headName,
    width: a.width,
    classLabels: f.classLabels === undefined ? null : [...f.classLabels],
    interpreter: {
      runnable: program.runnable,
      exact: program.exact,
      unsupported: program.unsupported.map((u) => u.reason),
      noDerivative: program.noDerivative.map((u) => u.reason),
      precision: program.precision,
      kernels: program.kernels.backend,
    },
    nonDifferentiable: f.nonDifferentiable,
    mlp: chain.ok ? chain.mlp.ops.join(' → ') : null,
    inputScaling: chain.ok ? inputScalingOp(chain.mlp.ops) : graphInputScalingOp(g),
    ...(!chain.ok ? { notMlpBecause: chain.reason } : {}),
    gradientSource,
    ...(gradientSource === 'finite-differences' ? { fdStep: f.fdStep, finiteDifferencesBecause: f.finiteDifferencesBecause ?? '' } : {}),
    evaluate: a.evaluate,
    producer: g.producerName,
  };
}
