export const placeholder = 'audit';
