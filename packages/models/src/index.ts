export const placeholder = 'models';
