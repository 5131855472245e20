export * from './canonicalJson.js';
export * from './sha256.js';
