// Subpath `@xai/audit/controls`: the floor and null controls for explanation metrics.
export * from './controls/floorExplainers.js';
export * from './controls/permutedNullAttributions.js';
export * from './controls/controlVerdict.js';
