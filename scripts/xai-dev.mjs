#!/usr/bin/env node
// `pnpm start` / `pnpm xai` in the checkout: the built CLI with the checkout's folders, unless the
// environment sets them already — the shared OpenXAI datasets beside the clone (../shared/datasets)
// and the model cache under node_modules/.cache/xai. The CLI itself never looks for a repository.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const shared = fileURLToPath(new URL('../../shared/datasets', import.meta.url));
if (!process.env.XAI_DATA_DIR && existsSync(shared)) process.env.XAI_DATA_DIR = shared;
process.env.XAI_CACHE_DIR ||= `${root}node_modules/.cache/xai`;
await import(pathToFileURL(`${root}packages/bench/dist/cli.js`).href);
