import { defineConfig } from 'tsup';
import { xaiTsup } from '../../tsup.base';

// Every src file is an entry (subpath exports); cli.ts keeps its shebang and worker.ts sits next
// to the chunks that spawn it (dist/worker.js), as the pool expects.
export default defineConfig(xaiTsup());
