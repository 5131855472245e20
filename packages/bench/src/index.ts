export const placeholder = 'bench';
