import type { DemoCorpusOptions } from '../demo/generateDemoCorpus.js';
import { generateDemoCorpus } from '../demo/generateDemoCorpus.js';
import type { AuditAdapter, AuditSource } from './auditSource.js';

/**
 * The demo adapter: no user data; builds a content-addressed corpus of retrieval-memory
 * traces (clean, or with cues injected).
 * @since 0.1.0
 */
export const demoAdapter: AuditAdapter<DemoCorpusOptions> = {
  name: 'demo',
  load(options: DemoCorpusOptions): AuditSource {
    const corpus = generateDemoCorpus(options);
    const cues = Object.keys(corpus.manifest.params.cues);
    return {
      kind: 'items',
      name:
        cues.length === 0
          ? 'demo (clean)'
          : `demo (cue: ${cues.map((c) => `${c} ${corpus.manifest.params.cues[c]!.strength}`).join(', ')})`,
      items: corpus.items,
      inputs: [],
      corpus: { id: corpus.id, generator: corpus.manifest.generator, seed: corpus.manifest.seed, params: corpus.manifest.params },
    };
  },
};
