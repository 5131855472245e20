import pkg from '../../package.json';

/** This package's version (recorded in every manifest). */
export const BENCH_VERSION: string = pkg.version;
