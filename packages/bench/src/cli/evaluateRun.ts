import { writeFileAtomicSync } from '@xai/core/node';
import { inputDimOf } from './cliHints.js';
import type { CliIo } from './cliIo.js';
import type { EvaluateFlags } from './evaluateCommand.js';
import { csvReadingFromFlags, ignoreSetting, refuseInapplicableFlags, userDataFromFlags } from './userDataFlags.js';
import { treeShapAlgorithm } from '../inputs/treeModels.js';
import { outputFlag } from '../inputs/loadCliModel.js';
import { evaluationLine } from '../explain/evaluationLine.js';

/** Runs `xai evaluate` (loaded only when the command runs). */
export async function runEvaluate(f: EvaluateFlags, io: CliIo): Promise<void> {
  const [{ resolveCommandConfig }, { evaluateAttributions }, { featureKindsLine }, { refuseInputAsOutput }, { metaPathOf }] =
    await Promise.all([
      import('./commandConfig.js'),
      import('../explain/evaluateAttributions.js'),
      import('../inputs/featureKinds.js'),
      import('../results/refuseOverwrite.js'),
      import('../explain/attributionsFile.js'),
    ]);
  refuseInapplicableFlags(f, 'xai evaluate');
  refuseInputAsOutput(
    [{ flag: '--out', path: f.out }],
    [
      ...(['model', 'instances', 'data', 'test', 'train', 'schema', 'attributions', 'groundTruth'] as const).map((k) => ({
        flag: `--${k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`,
        path: f[k],
      })),
      { flag: '--attributions', path: metaPathOf(f.attributions) },
    ],
    'xai evaluate',
  );
  const c = resolveCommandConfig('evaluate', {
    flags: {
      preset: f.preset,
      seed: f.seed,
      precision: f.precision,
      stabilityNeighbours: f.stabilityNeighbours,
      stabilitySamples: f.stabilitySamples,
      modelInput: f.modelInput,
    },
  });
  const data = userDataFromFlags(f, 'xai evaluate');
  const r = await evaluateAttributions({
    model: f.model,
    ...(f.instances ? { instances: f.instances } : {}),
    ...(data ? { data } : {}),
    attributions: f.attributions,
    metric: f.metric,
    preset: c.preset,
    seed: c.seed,
    precision: c.precision,
    stabilityNeighbours: c.stabilityNeighbours,
    stabilitySamples: c.stabilitySamples,
    ...(f.method ? { method: f.method } : {}),
    ...(f.train ? { train: f.train } : {}),
    ...(f.groundTruth ? { groundTruth: f.groundTruth } : {}),
    ...(f.label && !data ? { label: f.label } : {}),
    ...(f.schema && !data ? { schema: f.schema } : {}),
    ...(f.ignore && !data ? { ignore: ignoreSetting(f.ignore, 'xai evaluate') } : {}),
    modelInput: c.modelInput,
    ...(f.inputDim !== undefined ? { inputDim: inputDimOf(f.inputDim) } : {}),
    ...(f.treeShap !== undefined ? { treeShap: treeShapAlgorithm(f.treeShap, 'xai evaluate')! } : {}),
    ...(f.output !== undefined ? { output: outputFlag(f.output, 'xai evaluate')! } : {}),
    ...(f.allowApproximate === true ? { allowApproximate: true } : {}),
    ...(f.allowForeignAttributions === true ? { allowForeignAttributions: true } : {}),
    ...(f.class !== undefined ? { class: f.class } : {}),
    ...(f.controls === false ? { controls: false } : {}),
    csv: csvReadingFromFlags(f, 'xai evaluate'),
  });
  if (r.featureKinds) io.err(`xai: ${featureKindsLine(r.featureKinds)}\n`);
  for (const w of r.warnings ?? []) io.err(`xai: warning: ${w}\n`);
  const text = `${JSON.stringify(r)}\n`;
  if (f.out) writeFileAtomicSync(f.out, text, 'xai evaluate');
  io.out(f.json === true ? text : `${evaluationLine(r)}${f.out ? ` -> ${f.out}` : ''}\n`);
}
