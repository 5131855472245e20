import { defineConfig } from 'tsup';
import { xaiTsup } from '../../tsup.base';

// Five entries, everything else in shared chunks under dist/internal/ (blocked by the exports map):
// the public API, the `xai` bin (keeps its shebang), and the three modules loaded by URL at run time,
// which must sit at the top of dist/ where `run/workerPool` and `run/runBench` look for them.
export default defineConfig(
  xaiTsup({
    entry: {
      index: 'src/index.ts',
      cli: 'src/cli/cli.ts',
      worker: 'src/run/worker.ts',
      pipelineEngine: 'src/run/pipelineEngine.ts',
      trainEngine: 'src/run/trainEngine.ts',
    },
  }),
);
