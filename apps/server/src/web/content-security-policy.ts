import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the web app's pages (DESIGN.md "Sign-in": the access token sits in local storage,
 * so no script but the site's own may run). Scripts: the built bundles, the one inline script of index.html (the
 * theme applied before first paint, allowed by its hash) and, only where Google sign-in is on, Google Identity
 * Services. Connections: this site (the API, and the hub's WebSocket: CSP 3 lets 'self' cover ws/wss of the same
 * host). Styles allow inline style attributes, which the charts and bars set. Nothing may frame the site.
 */

const GOOGLE_IDENTITY = 'https://accounts.google.com/gsi/';

/** The `'sha256-…'` source of every inline script (a <script> without src) of the page template. */
export function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

export function contentSecurityPolicy(template: string, { googleSignIn }: { googleSignIn: boolean }): string {
  const google = googleSignIn ? [GOOGLE_IDENTITY] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes(template), ...(googleSignIn ? [`${GOOGLE_IDENTITY}client`] : [])],
    ['style-src', "'self'", "'unsafe-inline'", ...(googleSignIn ? [`${GOOGLE_IDENTITY}style`] : [])],
    ['img-src', "'self'", 'data:', ...(googleSignIn ? ['https://*.googleusercontent.com'] : [])],
    ['connect-src', "'self'", ...google],
    ['frame-src', ...(googleSignIn ? [GOOGLE_IDENTITY] : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}
