// Relative-stability family: RIS, RRS, ROS (one shared block) and their single wrappers.
export * from './relativeStability.js';
export * from './ris.js';
export * from './ros.js';
export * from './rrs.js';
export * from './stabilityTypes.js';
