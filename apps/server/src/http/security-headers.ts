import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The security headers every answer carries, whatever sent it: the API's JSON, the web app's page and files, the docs,
 * and every error, the server's own raw ones included (docs/decisions/0019-http-hardening.md).
 */

/**
 * What an answer that is not a page may do if a browser opens it as a document (a JSON answer, an SVG, an asset
 * opened directly): nothing at all, and nothing may frame it. Pages send policies of their own (web/, api-docs/).
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Browser features Frontline never uses, refused to the site and to anything it embeds (Google's sign-in frame among
 * them). Left out on purpose: clipboard-write (the server list copies an address) and identity-credentials-get
 * (Google Identity Services signs in through FedCM), whose defaults allow this site alone. Only features today's
 * browsers know are listed: an unknown one costs a console warning on every page.
 */
const UNUSED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** One year: what HSTS preload lists and scanners expect; no includeSubDomains, the operator's other hosts are theirs. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Sent with every answer, in this spelling, as they are in the raw answers written to a socket. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // The browsers' own default, made explicit: another site sees only the origin (never a player's or server's page),
  // and same-site requests keep the full address. Not no-referrer: Google's sign-in checks the page's origin.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': UNUSED_FEATURES.map((feature) => `${feature}=()`).join(', '),
};

/** Whether the site is reached over https: its PUBLIC_URL says so. */
export function isHttpsSite(publicUrl: string | undefined): boolean {
  return publicUrl?.startsWith('https:') ?? false;
}

/**
 * Sets the headers on one answer: the policy of a page is kept if it set one. HSTS only over https (browsers ignore it
 * over plain http, and a development server on localhost must not pin itself): an https PUBLIC_URL, or a request that
 * came over TLS, directly or through a proxy TRUST_PROXY names.
 */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply, httpsSite: boolean): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
  if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
  if (httpsSite || request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

/** On the root instance before any route: every answer sent through Fastify gets the headers. */
export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string | undefined }): void {
  const httpsSite = isHttpsSite(options.publicUrl);
  app.addHook('onSend', async (request, reply, payload) => {
    setSecurityHeaders(request, reply, httpsSite);
    return payload;
  });
}
