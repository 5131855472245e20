import { defineConfig } from 'tsup';
import { xaiTsup } from '../../tsup.base';

export default defineConfig(xaiTsup());
