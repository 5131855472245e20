export const placeholder = 'explainers';
