import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { writeCompressedCopies } from './vite-precompress.ts';

/**
 * Country flags as static images (decision 0007): the 4x3 SVGs of the `flag-icons` package (MIT), never
 * in the JavaScript or the CSS. The build writes
 *
 * - `assets/flags-<hash>.svg`: one sprite of the countries game servers usually stand in, each flag
 *   addressable as `#<code>` (an SVG `<view>`), so a whole server list costs one request;
 * - `assets/flags-<hash>/<code>.svg`: every flag on its own, for the rest of the world and for the
 *   detailed flags (coats of arms) that would make the sprite heavy.
 *
 * The hash covers every flag, so the files sit under `assets/` and the server caches them as immutable.
 * The app reads the base path and the sprite's codes from the `virtual:country-flags` module.
 */

const VIRTUAL_ID = 'virtual:country-flags';
const RESOLVED_VIRTUAL_ID = `\0${VIRTUAL_ID}`;
const DEV_BASE = '__country-flags';
/** Read by the server (apps/server/src/web/index-html.ts). */
const FLAG_SPRITE_META = 'frontline:flag-sprite';

/**
 * The countries of the servers the demo world and the games' communities mostly have (Europe, the
 * Americas, Oceania). Any other country still gets its flag, one request each.
 */
const SPRITE_COUNTRIES =
  'ar at au be br by ca ch cl cz de dk ee es fi fr gb hu ie it lt nl no nz pl pt ru se sk ua us'.split(' ');

/** A flag heavier than this (gzip) stays out of the sprite: Spain's arms alone would more than double it. */
const SPRITE_FLAG_MAX_GZIP_BYTES = 4096;

const FLAG_WIDTH = 640;
const FLAG_HEIGHT = 480;
/** The server's own threshold for compressing answers (app.ts). */
const COMPRESS_MIN_BYTES = 1024;
const COUNTRY_FILE = /^([a-z]{2})\.svg$/;

interface FlagSet {
  flags: Map<string, string>;
  spriteCodes: string[];
  sprite: string;
  hash: string;
}

function readFlags(): Map<string, string> {
  const packageDirectory = dirname(createRequire(import.meta.url).resolve('flag-icons/package.json'));
  const directory = join(packageDirectory, 'flags', '4x3');
  const flags = new Map<string, string>();
  for (const fileName of readdirSync(directory).sort()) {
    const code = COUNTRY_FILE.exec(fileName)?.[1];
    if (code) flags.set(code, readFileSync(join(directory, fileName), 'utf8'));
  }
  return flags;
}

/**
 * Stacks the flags one below the other, each in its own nested <svg>, with a <view> per code framing it.
 * The package prefixes every inner id with the country code, so flags cannot capture each other's
 * gradients or clip paths; the check keeps it that way should a release change that.
 */
function buildSprite(flags: Map<string, string>, codes: string[]): string {
  const views: string[] = [];
  const bodies: string[] = [];
  codes.forEach((code, index) => {
    const svg = flags.get(code) ?? '';
    if (!svg.includes(`viewBox="0 0 ${FLAG_WIDTH} ${FLAG_HEIGHT}"`))
      throw new Error(`flag-icons: ${code}.svg is not ${FLAG_WIDTH}x${FLAG_HEIGHT}`);
    for (const [, id] of svg.matchAll(/\sid="([^"]+)"/g)) {
      if (!id?.startsWith(`${code}-`) && id !== `flag-icons-${code}`)
        throw new Error(`flag-icons: ${code}.svg has an id (${id}) that could clash in the sprite`);
    }
    const top = index * FLAG_HEIGHT;
    views.push(`<view id="${code}" viewBox="0 ${top} ${FLAG_WIDTH} ${FLAG_HEIGHT}"/>`);
    bodies.push(svg.trim().replace('<svg ', `<svg y="${top}" width="${FLAG_WIDTH}" height="${FLAG_HEIGHT}" `));
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `viewBox="0 0 ${FLAG_WIDTH} ${codes.length * FLAG_HEIGHT}">\n${views.join('\n')}\n${bodies.join('\n')}\n</svg>\n`
  );
}

function loadFlagSet(): FlagSet {
  const flags = readFlags();
  const spriteCodes = SPRITE_COUNTRIES.filter((code) => {
    const svg = flags.get(code);
    return svg !== undefined && gzipSync(svg, { level: 9 }).length <= SPRITE_FLAG_MAX_GZIP_BYTES;
  });
  const sprite = buildSprite(flags, spriteCodes);
  const hash = createHash('sha256');
  hash.update(sprite);
  for (const [code, svg] of flags) hash.update(`${code}\n${svg}`);
  return { flags, spriteCodes, sprite, hash: hash.digest('hex').slice(0, 10) };
}

export function countryFlags(): Plugin {
  let base = '/';
  let outDir = 'dist';
  let command: 'build' | 'serve' = 'build';
  let flagSet: FlagSet | undefined;
  const getFlagSet = () => (flagSet ??= loadFlagSet());
  const assetStem = () => (command === 'build' ? `assets/flags-${getFlagSet().hash}` : DEV_BASE);

  return {
    name: 'frontline-country-flags',
    configResolved(config) {
      base = config.base;
      command = config.command;
      outDir = resolve(config.root, config.build.outDir);
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_VIRTUAL_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_VIRTUAL_ID) return undefined;
      return [
        `export const FLAG_ASSET_STEM = ${JSON.stringify(base + assetStem())};`,
        `export const FLAG_SPRITE_CODES = ${JSON.stringify(getFlagSet().spriteCodes.join(' '))};`,
      ].join('\n');
    },
    // Names the sprite for the server, which preloads it on the server browser's pages (its rows need it
    // as soon as they render; found only then, it would be the page's last download).
    transformIndexHtml() {
      if (command !== 'build') return undefined;
      return [
        {
          tag: 'meta',
          attrs: { name: FLAG_SPRITE_META, content: `${base}${assetStem()}.svg` },
          injectTo: 'head',
        },
      ];
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: `${assetStem()}.svg`, source: getFlagSet().sprite });
    },
    // Written here rather than emitted: 250 files would bury the chunk sizes in the build report.
    writeBundle() {
      const directory = join(outDir, assetStem());
      mkdirSync(directory, { recursive: true });
      for (const [code, svg] of getFlagSet().flags) {
        const path = join(directory, `${code}.svg`);
        writeFileSync(path, svg);
        // gzip only, above the size where it pays: brotli at its best level would add two seconds to every
        // build for files that a page rarely asks for.
        if (svg.length >= COMPRESS_MIN_BYTES) writeCompressedCopies(path, { brotli: false });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const prefix = `${base}${DEV_BASE}`;
        const path = request.url?.split('?')[0] ?? '';
        if (!path.startsWith(prefix)) return next();
        const rest = path.slice(prefix.length);
        const { flags, sprite } = getFlagSet();
        const body = rest === '.svg' ? sprite : flags.get(/^\/([a-z]{2})\.svg$/.exec(rest)?.[1] ?? '');
        if (body === undefined) return next();
        response.setHeader('content-type', 'image/svg+xml');
        response.end(body);
      });
    },
  };
}
