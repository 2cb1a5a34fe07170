import type { Rule } from 'eslint';
import { dirname, resolve } from 'node:path';
import { onModuleSpecifier, isRelative } from './import-sources.ts';
import { boundaryBreak, placeOf } from './layers.ts';

/**
 * frontline/boundaries: each relative import is resolved to its file and checked against the layer rules
 * (layers.ts): a feature never imports another feature, only the app layer imports features, nothing below
 * the app layer imports it, and the server's read code never imports the collector (ingest/).
 */
/** `lib/` for a folder, `config.ts` for a file directly under src/. */
function layerLabel(layer: string): string {
  return layer.includes('.') ? layer : `${layer}/`;
}

export const boundaries: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "Keeps each import inside the apps' layer rules (docs/architecture.md, Boundaries)" },
    schema: [],
    messages: {
      crossFeature:
        "Feature '{{from}}' imports feature '{{to}}'. Features never import each other: move what both use to a shared layer (web: components/ or lib/; server: lib/, db/ or domain/).",
      intoFeature:
        "{{layer}} imports feature '{{to}}'. Only the app layer composes features; shared code never imports one. Move what is shared out of the feature.",
      intoApp:
        '{{layer}} imports the app layer. The app layer composes everything below it and nothing below imports it: move what is shared to a shared layer.',
      readIntoIngest:
        '{{layer}} (read side) imports ingest/. Only the collector writes; move a helper both sides need to domain/ or lib/.',
    },
  },
  create(context) {
    const from = placeOf(context.filename);
    if (!from) return {};
    return onModuleSpecifier((specifier, node) => {
      if (!isRelative(specifier)) return;
      const to = placeOf(resolve(dirname(context.filename), specifier));
      const crossing = to && boundaryBreak(from, to);
      if (!crossing) return;
      const { kind, ...data } = crossing;
      context.report({
        node,
        messageId: kind,
        data: 'layer' in data ? { ...data, layer: layerLabel(data.layer) } : data,
      });
    });
  },
};
