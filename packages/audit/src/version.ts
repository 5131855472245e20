import { version } from '../package.json';

/** Version of @xai/audit recorded in every receipt, read from its package.json at build time (one source of truth). */
export const AUDIT_VERSION: string = version;
