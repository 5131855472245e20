// Ground-truth agreement family: FA, RA, SA, SRA (top-k, AUC over k), RC and PRA (all features).
export * from './agreementOptions.js';
export * from './fa.js';
export * from './pra.js';
export * from './ra.js';
export * from './rc.js';
export * from './sa.js';
export * from './sra.js';
