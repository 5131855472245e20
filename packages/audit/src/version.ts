/** Version of @xai/audit recorded in every receipt. */
export const AUDIT_VERSION = '0.1.0';
