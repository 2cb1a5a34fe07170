import type { Rule } from 'eslint';
import type * as ESTree from 'estree';

/** Every module specifier a file names, with the node to report on: imports, re-exports and `import()`. */
export function onModuleSpecifier(report: (specifier: string, node: ESTree.Node) => void): Rule.RuleListener {
  const visitSource = (source: ESTree.Node | null | undefined) => {
    if (source?.type === 'Literal' && typeof source.value === 'string') report(source.value, source);
    // import(`./x.ts`) without substitutions names a module as plainly as a string does.
    if (source?.type === 'TemplateLiteral' && source.expressions.length === 0) {
      const text = source.quasis[0]?.value.cooked;
      if (typeof text === 'string') report(text, source);
    }
  };
  return {
    ImportDeclaration: (node) => visitSource(node.source),
    ExportNamedDeclaration: (node) => visitSource(node.source),
    ExportAllDeclaration: (node) => visitSource(node.source),
    ImportExpression: (node) => visitSource(node.source),
  };
}

export function isRelative(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../');
}
