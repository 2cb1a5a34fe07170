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

/**
 * Serves the built single-page app: hashed assets with long-lived caching, and index.html (with the
 * route's metadata) for every other page path. Returns the page renderer, or undefined when the web app
 * has not been built, in which case the server answers only the API.
 */
export async function serveWebApp(
  app: FastifyInstance,
  distPath: string,
  options: { publicUrl?: string; demoMode: boolean; signIn?: SignInOptions },
): Promise<((url: string, busyBatches?: readonly (readonly string[])[]) => PageWithPolicy) | undefined> {
  const indexPath = join(distPath, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ distPath }, 'web app not built (npm run build): serving the API only');
    return undefined;
  }
  const template = readFileSync(indexPath, 'utf8');
  const renderPage = createIndexRenderer(template, options);
  const policy = contentSecurityPolicy(template, { googleSignIn: Boolean(options.signIn?.googleClientId) });
  await app.register(fastifyStatic, {
    root: distPath,
    // Only files that exist get routes; every other path falls through to the page renderer.
    wildcard: false,
    index: false,
    preCompressed: true,
    // The raw template has no page metadata yet; pages are always rendered.
    allowedPath: (pathName) => pathName !== '/index.html',
    setHeaders: (response, filePath) => {
      const hashed = filePath.startsWith(join(distPath, 'assets'));
      response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  return (url, busyBatches) => ({ ...renderPage(url, busyBatches), contentSecurityPolicy: policy });
}
