#!/usr/bin/env node
// The `xai` command. All logic lives in runCli (testable in-process); this file only runs it.
import { endQuietlyOnBrokenPipe } from './cliIo.js';
import { runCli } from './runCli.js';

endQuietlyOnBrokenPipe(process.stdout);

void runCli(process.argv).then((code) => {
  // A command may have set a non-zero code itself (xai audit --fail-on-fire).
  process.exitCode = code !== 0 ? code : (process.exitCode ?? 0);
});
