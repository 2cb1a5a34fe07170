import { createHash } from 'node:crypto';

/**
 * The Content-Security-Policy of the web app's pages (DESIGN.md "Sign-in": the access token sits in local storage,
 * so no script but the site's own may run). Scripts: the built bundles, the one inline script of index.html (the
 * theme applied before first paint, allowed by its hash) and, only where Google sign-in is on, Google Identity
 * Services. Connections: this site (the API, and the hub's WebSocket: CSP 3 lets 'self' cover ws/wss of the same
 * host) and Google Identity Services' own calls while its sign-in is on. Styles allow inline style attributes, which
 * the charts and bars set. Nothing may frame the site.
 */

const GOOGLE_IDENTITY = 'https://accounts.google.com/gsi/';

/** The `'sha256-…'` source of every inline script (a <script> without src) of the page template. */
export function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

/**
 * The hub's WebSocket origin when the site's public address is known: 'self' covers it in CSP 3 browsers, this names
 * it for those that never matched ws/wss with 'self' (Safari before 15.4).
 */
function webSocketOrigin(publicUrl: string | undefined): string[] {
  if (!publicUrl) return [];
  const { protocol, host } = new URL(publicUrl);
  return [`${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`];
}

export function contentSecurityPolicy(
  template: string,
  { googleSignIn, publicUrl }: { googleSignIn: boolean; publicUrl?: string | undefined },
): string {
  const google = googleSignIn ? [GOOGLE_IDENTITY] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes(template), ...(googleSignIn ? [`${GOOGLE_IDENTITY}client`] : [])],
    ['style-src', "'self'", "'unsafe-inline'", ...(googleSignIn ? [`${GOOGLE_IDENTITY}style`] : [])],
    ['img-src', "'self'", 'data:', ...(googleSignIn ? ['https://*.googleusercontent.com'] : [])],
    ['connect-src', "'self'", ...webSocketOrigin(publicUrl), ...google],
    ['frame-src', ...(googleSignIn ? [GOOGLE_IDENTITY] : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}
