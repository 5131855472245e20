import { version } from '../package.json';

/** This package's version, read from its package.json at build time (one source of truth). */
export const VERSION: string = version;
