export const placeholder = 'data';
