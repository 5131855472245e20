// The option keys and defaults of parseUserDataset / loadUserDataset (one list for both).

/** Every key of `UserDatasetOptions`: checkOptions' allow-list. */
export const USER_DATASET_KEYS: readonly string[] = [
  'label',
  'testText',
  'schema',
  'file',
  'testFile',
  'schemaFile',
  'name',
  'seed',
  'testFraction',
  'validationFraction',
  'task',
  'maxCategories',
  'delimiter',
  'unknownCategories',
  'rangeMargin',
];

/** Defaults of {@link UserDatasetOptions}. */
export const USER_DATASET_DEFAULTS = Object.freeze({
  seed: 0,
  testFraction: 0.2,
  validationFraction: 0.1,
  maxCategories: 50,
  unknownCategories: 'error' as const,
  rangeMargin: 0.1,
});
