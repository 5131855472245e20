// Relative-stability family: RIS, RRS, ROS (one shared block) and their single wrappers.
export * from './stability/relativeStability.js';
export * from './stability/ris.js';
export * from './stability/ros.js';
export * from './stability/rrs.js';
export * from './stability/stabilityTypes.js';
