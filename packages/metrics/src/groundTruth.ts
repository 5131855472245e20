// Ground-truth agreement family: FA, RA, SA, SRA (top-k, AUC over k), RC and PRA (all features).
export * from './groundTruth/agreementOptions.js';
export * from './groundTruth/fa.js';
export * from './groundTruth/pra.js';
export * from './groundTruth/ra.js';
export * from './groundTruth/rc.js';
export * from './groundTruth/sa.js';
export * from './groundTruth/sra.js';
