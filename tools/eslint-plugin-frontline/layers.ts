/**
 * The apps' layers and what each may import (DESIGN.md "Conventions", docs/architecture.md "Boundaries").
 * A file's place is read from its path alone, so the rules need no configuration and no type information.
 */

export type AppName = 'server' | 'web';

export interface Place {
  app: AppName;
  /** The folder directly under `src/` (components, lib, features, ingest, …), or the name of a file there. */
  layer: string;
  /** The feature's folder, for a file under `features/`. */
  feature?: string;
  isTest: boolean;
}

/** The app layer composes the features: the route table and shell (web), the composition root (server). */
const APP_LAYER: Record<AppName, readonly string[]> = {
  web: ['app', 'main.tsx'],
  server: ['app.ts', 'main.ts', 'serve.ts'],
};

/**
 * Tools around the app (test helpers, the emulator) may import any layer: they set a layer up, they are not
 * part of one. Only the cycle rule applies to them.
 */
const TOOL_LAYERS: Record<AppName, readonly string[]> = {
  web: ['test'],
  server: ['test', 'emulator'],
};

/**
 * Server code that answers requests (the hub too: the collector's events reach it through app.ts), and the database
 * layer: it reads what the collector wrote.
 */
const SERVER_READ_LAYERS: readonly string[] = ['features', 'hub', 'lib', 'http', 'web', 'domain', 'db'];

const TEST_FILE = /\.(test|spec)\.tsx?$/;

export function placeOf(filePath: string): Place | undefined {
  const match = /\/apps\/(server|web)\/src\/(.+)$/.exec(filePath.replaceAll('\\', '/'));
  if (!match) return undefined;
  const app = match[1] as AppName;
  const [layer = '', ...rest] = (match[2] ?? '').split('/');
  // A feature is a folder: features/<feature>/…
  const feature = layer === 'features' && rest.length > 1 ? rest[0] : undefined;
  return { app, layer, feature, isTest: TEST_FILE.test(filePath) };
}

export type BoundaryBreak =
  | { kind: 'crossFeature'; from: string; to: string }
  | { kind: 'intoFeature'; layer: string; to: string }
  | { kind: 'intoApp'; layer: string }
  | { kind: 'readIntoIngest'; layer: string };

/** Why `from` may not import `to`, or undefined when it may. */
export function boundaryBreak(from: Place, to: Place): BoundaryBreak | undefined {
  if (from.app !== to.app || TOOL_LAYERS[from.app].includes(from.layer)) return undefined;
  const fromApp = APP_LAYER[from.app].includes(from.layer);
  if (to.feature !== undefined && to.feature !== from.feature && !fromApp) {
    return from.feature === undefined
      ? { kind: 'intoFeature', layer: from.layer, to: to.feature }
      : { kind: 'crossFeature', from: from.feature, to: to.feature };
  }
  if (APP_LAYER[to.app].includes(to.layer) && !fromApp) return { kind: 'intoApp', layer: from.layer };
  // Tests of read code may write their data through the collector, the way production data arrives.
  if (from.app === 'server' && to.layer === 'ingest' && SERVER_READ_LAYERS.includes(from.layer) && !from.isTest) {
    return { kind: 'readIntoIngest', layer: from.layer };
  }
  return undefined;
}
