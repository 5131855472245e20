import type { Options } from 'tsup';
import { defineConfig } from 'tsup';
import { xaiTsup } from '../../tsup.base';

const config: Options = defineConfig(xaiTsup()) as Options;

export default config;
