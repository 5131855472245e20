import type { FeatureKind } from '@xai/core';
import { XaiError, describeValue } from '@xai/core';
import type { DatasetFeature, DatasetFile, DatasetInfo, DatasetName } from './datasetInfo.js';

/** OpenXAI's Dataverse download prefix (`openxai/dataloader.py`, newest code). */
export const DATAVERSE_PREFIX = 'https://dataverse.harvard.edu/api/access/datafile/';

const dv = (id: number): string => `${DATAVERSE_PREFIX}${id}`;
const c = (n: number): FeatureKind[] => Array.from({ length: n }, () => 'continuous');
const d = (n: number): FeatureKind[] => Array.from({ length: n }, () => 'discrete');

// One feature per column unless a one-hot layout is given (german).
function oneFeaturePerColumn(names: readonly string[], kinds: readonly FeatureKind[]): DatasetFeature[] {
  return names.map((name, j) => ({ name, kind: kinds[j]!, columns: [j] }));
}

// german: `feature_n_cols` of german-feature-metadata.json (= newest dataloader's hard-coded list).
const GERMAN_FEATURES = [
  'duration',
  'amount',
  'installment-rate',
  'present-residence',
  'age',
  'number-credits',
  'people-liable',
  'foreign-worker',
  'status',
  'credit-history',
  'purpose',
  'savings',
  'employment-duration',
  'personal-status-sex',
  'other-debtors',
  'property',
  'other-installment-plans',
  'housing',
  'job',
  'telephone',
];
const GERMAN_N_COLS = [1, 1, 1, 1, 1, 1, 1, 1, 4, 5, 10, 5, 5, 4, 3, 4, 3, 3, 4, 2];
const GERMAN_COLUMNS = [
  'duration',
  'amount',
  'installment-rate',
  'present-residence',
  'age',
  'number-credits',
  'people-liable',
  'foreign-worker',
  'status_1',
  'status_2',
  'status_3',
  'status_4',
  'credit-history_0',
  'credit-history_1',
  'credit-history_2',
  'credit-history_3',
  'credit-history_4',
  'purpose_0',
  'purpose_1',
  'purpose_2',
  'purpose_3',
  'purpose_4',
  'purpose_5',
  'purpose_6',
  'purpose_7',
  'purpose_9',
  'purpose_10',
  'savings_1',
  'savings_2',
  'savings_3',
  'savings_4',
  'savings_5',
  'employment-duration_1',
  'employment-duration_2',
  'employment-duration_3',
  'employment-duration_4',
  'employment-duration_5',
  'personal-status-sex_1',
  'personal-status-sex_2',
  'personal-status-sex_3',
  'personal-status-sex_5',
  'other-debtors_1',
  'other-debtors_2',
  'other-debtors_3',
  'property_1',
  'property_2',
  'property_3',
  'property_4',
  'other-installment-plans_1',
  'other-installment-plans_2',
  'other-installment-plans_3',
  'housing_1',
  'housing_2',
  'housing_3',
  'job_1',
  'job_2',
  'job_3',
  'job_4',
  'telephone_1',
  'telephone_2',
];

function germanFeatures(): DatasetFeature[] {
  const out: DatasetFeature[] = [];
  let start = 0;
  GERMAN_FEATURES.forEach((name, f) => {
    const n = GERMAN_N_COLS[f]!;
    out.push({ name, kind: f < 8 ? 'continuous' : 'discrete', columns: Array.from({ length: n }, (_, k) => start + k) });
    start += n;
  });
  return out;
}

interface EntrySpec<Name extends string> extends Omit<DatasetInfo<Name>, 'features' | 'groups'> {
  readonly features?: readonly DatasetFeature[];
}

// Typed by its own name, not by DatasetName: the registry's keys define DatasetName.
function entry<const Name extends string>(spec: EntrySpec<Name>): DatasetInfo<Name> {
  const features = spec.features ?? oneFeaturePerColumn(spec.featureNames, spec.kinds);
  const groups = features.filter((f) => f.columns.length > 1).map((f) => f.columns);
  return Object.freeze({ ...spec, features, groups });
}

function files(...list: DatasetFile[]): DatasetFile[] {
  return list;
}

const GERMAN_FEATURE_LIST = germanFeatures();

/**
 * The registry of OpenXAI's datasets: label, columns, kinds, one-hot groups, canonical
 * addresses and the sha256 of every copy we know (see `shared/datasets/PROVENANCE.md`).
 * Kinds follow the newest OpenXAI `feature_types`; german's 20 features span 60 columns.
 * @example datasetRegistry.adult.featureNames.length // 13
 * @since 0.1.0
 */
export const datasetRegistry = Object.freeze({
  adult: entry({
    name: 'adult',
    title: 'Adult / Census Income (UCI)',
    label: 'income',
    featureNames: [
      'age',
      'fnlwgt',
      'education-num',
      'capital-gain',
      'capital-loss',
      'hours-per-week',
      'sex_Male',
      'workclass_Private',
      'marital-status_Non-Married',
      'occupation_Other',
      'relationship_Non-Husband',
      'race_White',
      'native-country_US',
    ],
    kinds: [...c(6), ...d(7)],
    files: files(
      {
        role: 'train',
        file: 'adult-train.csv',
        url: dv(8550940),
        sha256: '15ffa1eaa8a075ace38f5ec5adcbe93220c7995cf4fe756e1079d80389c76f5a',
        rows: 36177,
        bytes: 1294463,
      },
      {
        role: 'test',
        file: 'adult-test.csv',
        url: dv(8550933),
        sha256: 'f01af26113ac6f696697911c29a75375dc3541214646103d694581d05e3e31cc',
        rows: 9045,
        bytes: 323905,
      },
    ),
    sensitive: { name: 'sex', column: 'sex_Male', groups: ['Female', 'Male'] },
    source: 'UCI Adult (Kohavi & Becker 1996) as cleaned by OpenXAI; copy from OpenXAI git 0afe4af (2022)',
    notes: ['sha256 is that of the 2022 git copy; whether Dataverse serves the same bytes is unverified'],
  }),
  compas: entry({
    name: 'compas',
    title: 'COMPAS recidivism risk (ProPublica)',
    label: 'risk',
    featureNames: ['age', 'two_year_recid', 'priors_count', 'length_of_stay', 'c_charge_degree_F', 'sex_Female', 'race'],
    kinds: ['continuous', 'discrete', 'continuous', 'continuous', 'discrete', 'discrete', 'discrete'],
    files: files(
      {
        role: 'train',
        file: 'compas-train.csv',
        url: dv(8550936),
        sha256: 'fd4666753c588b36cc083792749ef3777a6ffe2a84d3f2e089b1af9ef1cef161',
        rows: 4937,
        bytes: 85811,
      },
      {
        role: 'test',
        file: 'compas-test.csv',
        url: dv(8550944),
        sha256: 'cf60ba6c12694d42a6950ae56306235cbeb525150a12cb015a28c8a31c268cb5',
        rows: 1235,
        bytes: 21559,
      },
    ),
    sensitive: { name: 'race', column: 'race', groups: ['Other', 'African-American'] },
    source: 'ProPublica compas-scores-two-years as cleaned by OpenXAI; copy from OpenXAI git 0afe4af (2022)',
    notes: ['OpenXAI later removed two_year_recid (PR #25); the Dataverse file may differ from this copy'],
  }),
  german: entry({
    name: 'german',
    title: 'German Credit (UCI Statlog)',
    label: 'credit-risk',
    featureNames: GERMAN_COLUMNS,
    kinds: GERMAN_FEATURE_LIST.flatMap((f) => f.columns.map(() => f.kind)),
    features: GERMAN_FEATURE_LIST,
    files: files(
      {
        role: 'train',
        file: 'german-train.csv',
        url: dv(8550931),
        sha256: 'c56f98bacc9e33c2d63cb7fde982ef4c38a3554b2ad7308357df15544b1c9852',
        rows: 800,
        bytes: 102263,
      },
      {
        role: 'test',
        file: 'german-test.csv',
        url: dv(8550930),
        sha256: '22ac371d06fcc19cc6146d713c1b1a87e15e24aea9f2825873b8b96284316e42',
        rows: 200,
        bytes: 26176,
      },
    ),
    sensitive: {
      name: 'sex',
      column: 'personal-status-sex_2',
      groups: ['male', 'female'],
      note: 'code 2 = Statlog A92 "female: divorced/separated/married", inferred from row counts (the other codes are male; A95 does not occur); Groemping (2019) notes that this coding is itself unreliable',
    },
    source: 'UCI Statlog German Credit (Hofmann 1994) as one-hot encoded by OpenXAI; copy from OpenXAI git 0afe4af (2022)',
    notes: ['8 continuous + 12 categorical features over 60 columns (feature_n_cols)'],
  }),
  gmsc: entry({
    name: 'gmsc',
    title: 'Give Me Some Credit (Kaggle 2011)',
    label: 'SeriousDlqin2yrs',
    featureNames: [
      'RevolvingUtilizationOfUnsecuredLines',
      'age',
      'NumberOfTime30-59DaysPastDueNotWorse',
      'DebtRatio',
      'MonthlyIncome',
      'NumberOfOpenCreditLinesAndLoans',
      'NumberOfTimes90DaysLate',
      'NumberRealEstateLoansOrLines',
      'NumberOfTime60-89DaysPastDueNotWorse',
      'NumberOfDependents',
    ],
    kinds: c(10),
    files: files({ role: 'train', file: 'gmsc-train.csv', url: dv(8550934) }, { role: 'test', file: 'gmsc-test.csv', url: dv(8550939) }),
    source: 'Kaggle "Give Me Some Credit"; OpenXAI Dataverse files (never available here)',
    notes: ['no copy available: column names are those of the Kaggle source and unverified; the checksum is recorded on first download'],
  }),
  heart: entry({
    name: 'heart',
    title: 'Framingham heart study (ten-year CHD)',
    label: 'TenYearCHD',
    featureNames: [
      'male',
      'age',
      'education',
      'currentSmoker',
      'cigsPerDay',
      'BPMeds',
      'prevalentStroke',
      'prevalentHyp',
      'diabetes',
      'totChol',
      'sysBP',
      'diaBP',
      'BMI',
      'heartRate',
      'glucose',
    ],
    kinds: ['discrete', 'continuous', 'continuous', 'discrete', 'continuous', ...d(4), ...c(6)],
    files: files({ role: 'train', file: 'heart-train.csv', url: dv(8550932) }, { role: 'test', file: 'heart-test.csv', url: dv(8550935) }),
    source: 'Framingham Heart Study (Kaggle framingham.csv); OpenXAI Dataverse files (never available here)',
    notes: ['no copy available: column names are those of framingham.csv and unverified; the checksum is recorded on first download'],
  }),
  heloc: entry({
    name: 'heloc',
    title: 'FICO HELOC (Explainable ML Challenge)',
    label: 'RiskPerformance',
    featureNames: [
      'ExternalRiskEstimate',
      'MSinceOldestTradeOpen',
      'MSinceMostRecentTradeOpen',
      'AverageMInFile',
      'NumSatisfactoryTrades',
      'NumTrades60Ever2DerogPubRec',
      'NumTrades90Ever2DerogPubRec',
      'PercentTradesNeverDelq',
      'MSinceMostRecentDelq',
      'MaxDelq2PublicRecLast12M',
      'MaxDelqEver',
      'NumTotalTrades',
      'NumTradesOpeninLast12M',
      'PercentInstallTrades',
      'MSinceMostRecentInqexcl7days',
      'NumInqLast6M',
      'NumInqLast6Mexcl7days',
      'NetFractionRevolvingBurden',
      'NetFractionInstallBurden',
      'NumRevolvingTradesWBalance',
      'NumInstallTradesWBalance',
      'NumBank2NatlTradesWHighUtilization',
      'PercentTradesWBalance',
    ],
    kinds: c(23),
    files: files(
      {
        role: 'train',
        file: 'heloc-train.csv',
        url: dv(8550942),
        sha256: 'c7246ebe6de3c2553d5e353ede671c3f50bc001f04de1ad7c4078cf887339f02',
        rows: 7896,
        bytes: 922650,
      },
      {
        role: 'test',
        file: 'heloc-test.csv',
        url: dv(8550943),
        sha256: '96ef509cf5d96d886738a3e6e1e21da62c1efd6e90e0f61328784cf0fd7e435e',
        rows: 1975,
        bytes: 231029,
      },
    ),
    source: 'FICO Explainable ML Challenge HELOC as cleaned by OpenXAI; copy from OpenXAI git 0afe4af (2022)',
    notes: ['the test file holds some imputed non-integer values'],
  }),
  pima: entry({
    name: 'pima',
    title: 'Pima Indians Diabetes (NIDDK / UCI)',
    label: 'Outcome',
    featureNames: ['Pregnancies', 'Glucose', 'BloodPressure', 'SkinThickness', 'Insulin', 'BMI', 'DiabetesPedigreeFunction', 'Age'],
    kinds: c(8),
    files: files(
      { role: 'train', file: 'pima-train.csv', url: dv(8550937) },
      { role: 'test', file: 'pima-test.csv', url: dv(8550938) },
      {
        role: 'full',
        file: 'pima-full.csv',
        sha256: 'bf81d06e0c0512662862248241ab46d7c29258c6ceaad32f3cab56b52a17fdab',
        rows: 768,
        bytes: 23106,
      },
    ),
    splitSeed: 0,
    splitTestFraction: 0.2,
    source:
      'R mlbench PimaIndiansDiabetes (Debian r-cran-mlbench 2.1-3), columns renamed to the Kaggle names; OpenXAI split files never available here',
    notes: [
      'pima-full.csv is unsplit: the loader splits it stratified 80/20 with splitSeed and records it',
      'pima-full.csv has no public address: supply it by hand',
    ],
  }),
  gaussian: entry({
    name: 'gaussian',
    title: 'SynthGauss (OpenXAI data-generating process)',
    label: 'target',
    featureNames: Array.from({ length: 20 }, (_, j) => `x${j}`),
    kinds: c(20),
    files: files(
      {
        role: 'train',
        file: 'gaussian-train.csv',
        url: dv(8550929),
        sha256: '274d6ccc2de5f65222aa7bc0d9f8c33d3b3d17e8cda0101ed1e1ac33eda2fd67',
        rows: 18750,
        bytes: 7369952,
      },
      {
        role: 'test',
        file: 'gaussian-test.csv',
        url: dv(8550941),
        sha256: '3d6ec7613ec692deeb5da61fdaf3b274527dba8330c91aecbdf54e3e0a2ee08b',
        rows: 6250,
        bytes: 2456645,
      },
    ),
    source: "generated locally by OpenXAI's dgp_synthetic.py (seed 564, 10 clusters x 2500, d = 20); the Dataverse file may differ",
    notes: [
      'ground truth (weights, masks, cluster of every row) is in gaussian-dgp.json and *-cluster.csv beside the data; see @xai/synth',
    ],
  }),
});

/** The registry's dataset names, in registry order. */
export const DATASET_NAMES = Object.freeze(Object.keys(datasetRegistry) as DatasetName[]);

/** True when `name` is a registered dataset. */
export function isDatasetName(name: unknown): name is DatasetName {
  return typeof name === 'string' && Object.hasOwn(datasetRegistry, name);
}

/**
 * The registry entry of `name`; NOT_FOUND naming `fn` and the known names otherwise.
 * @example datasetInfoOf('compas', 'loadDataset').features.length
 * @since 0.2.0
 */
export function datasetInfoOf(name: unknown, fn: string): (typeof datasetRegistry)[DatasetName] {
  if (!isDatasetName(name)) {
    throw new XaiError('NOT_FOUND', `unknown dataset ${describeValue(name)}; known: ${DATASET_NAMES.join(', ')}`, {
      fn,
      arg: 'name',
      value: name,
    });
  }
  return datasetRegistry[name];
}
