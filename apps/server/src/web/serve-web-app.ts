import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { SignInOptions } from '@frontline/contract';
import type { FastifyInstance } from 'fastify';
import { contentSecurityPolicy } from './content-security-policy.ts';
import { createIndexRenderer, type RenderedPage } from './index-html.ts';

export interface PageWithPolicy extends RenderedPage {
  /** The Content-Security-Policy header the page is sent with. */
  contentSecurityPolicy: string;
}

/** The site's icon, at the root of the build (apps/web/public/favicon.svg). */
const FAVICON = 'favicon.svg';

/** A source map (`index-abc123.js.map`): the whole source of a bundle. */
const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built single-page app: hashed assets with long-lived caching, and index.html (with the
 * route's metadata) for every other page path. Returns the page renderer, or undefined when the web app
 * has not been built, in which case the server answers only the API. The build writes source maps beside its bundles
 * without pointing the bundles at them (apps/web/vite.config.ts, 'hidden'); they are served only where
 * `sourceMaps` is on, never in production, where they would publish the whole source (issue 20: 2.9 MB of it).
 */
export async function serveWebApp(
  app: FastifyInstance,
  distPath: string,
  options: { publicUrl?: string; demoMode: boolean; signIn?: SignInOptions; sourceMaps: boolean },
): Promise<((url: string, busyBatches?: readonly (readonly string[])[]) => PageWithPolicy) | undefined> {
  const indexPath = join(distPath, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distPath }, 'web app not built (npm run build): serving the API only');
    return undefined;
  }
  const template = readFileSync(indexPath, 'utf8');
  const renderPage = createIndexRenderer(template, options);
  const policy = contentSecurityPolicy(template, {
    googleSignIn: Boolean(options.signIn?.googleClientId),
    publicUrl: options.publicUrl,
  });
  await app.register(fastifyStatic, {
    root: distPath,
    // Only files that exist get routes; every other path falls through to the page renderer.
    wildcard: false,
    index: false,
    preCompressed: true,
    // Without a route, a map is a missing file like any other (404).
    ...(options.sourceMaps ? {} : { globIgnore: ['**/*.map'] }),
    // The raw template has no page metadata yet; pages are always rendered.
    allowedPath: (pathName) => pathName !== '/index.html' && (options.sourceMaps || !SOURCE_MAP.test(pathName)),
    setHeaders: (response, filePath) => {
      const hashed = filePath.startsWith(join(distPath, 'assets'));
      response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  if (existsSync(join(distPath, FAVICON))) {
    // Browsers, bookmarks and tools ask for /favicon.ico without reading the page: the site's icon is an SVG.
    app.get('/favicon.ico', (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').redirect(`/${FAVICON}`, 301),
    );
  }
  return (url, busyBatches) => ({ ...renderPage(url, busyBatches), contentSecurityPolicy: policy });
}
