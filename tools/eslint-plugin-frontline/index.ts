import type { ESLint } from 'eslint';
import { boundaries } from './boundaries.ts';
import { noImportCycles } from './no-import-cycles.ts';

/** The project's own lint rules: the layer boundaries and import cycles of DESIGN.md's Conventions. */
const plugin: ESLint.Plugin = {
  meta: { name: 'eslint-plugin-frontline' },
  rules: { boundaries, 'no-import-cycles': noImportCycles },
};

export default plugin;
