import type { Rule } from 'eslint';
import { relative } from 'node:path';
import { currentImportGraph, resolveImport } from './import-graph.ts';
import { isRelative, onModuleSpecifier } from './import-sources.ts';

/**
 * frontline/no-import-cycles: an import (static, re-export or `import()`) of a file that imports this one back,
 * directly or through others. A type-only import counts too: the two modules still depend on each other, and
 * the next value import along that path makes the cycle real.
 */
export const noImportCycles: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles, static and dynamic' },
    schema: [],
    messages: {
      cycle: 'Import cycle: {{path}}. Move what both sides need to a module neither imports.',
    },
  },
  create(context) {
    const importer = context.filename;
    return onModuleSpecifier((specifier, node) => {
      if (!isRelative(specifier)) return;
      const target = resolveImport(importer, specifier);
      if (!target) return;
      const cycle = currentImportGraph().cycleThrough(importer, target);
      if (!cycle) return;
      const path = [importer, ...cycle].map((file) => relative(context.cwd, file)).join(' → ');
      context.report({ node, messageId: 'cycle', data: { path } });
    });
  },
};
