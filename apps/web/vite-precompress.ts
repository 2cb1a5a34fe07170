import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/** Writes `<path>.gz`, and unless told otherwise `<path>.br`, beside a built file. */
export function writeCompressedCopies(path: string, { brotli = true }: { brotli?: boolean } = {}): void {
  const content = readFileSync(path);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  if (brotli)
    writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

/**
 * Writes `.br` and `.gz` beside each text asset of the build, at the highest levels, so the server sends
 * them as they are (no compression work per request, and smaller than on-the-fly compression).
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'frontline-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName) || fileName === 'index.html') continue;
        writeCompressedCopies(join(outDir, fileName));
      }
    },
  };
}
