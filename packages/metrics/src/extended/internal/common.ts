// Forwarding path: the extended metrics' plumbing lives in src/internal/ (common.ts and the
// checkers in options.ts). Import from there; this module only keeps older import paths building.
export * from '../../internal/common.js';
export { numberAtLeast, positiveInt, seedOption } from '../../internal/options.js';
