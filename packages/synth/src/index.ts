export const placeholder = 'synth';
