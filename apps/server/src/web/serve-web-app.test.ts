import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

const TEMPLATE = `<!doctype html><html><head><meta charset="UTF-8" /><title>Frontline</title>
    <!--page-meta-->
    <script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

describe('serving the web app', () => {
  let distPath: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    distPath = mkdtempSync(join(tmpdir(), 'frontline-dist-'));
    mkdirSync(join(distPath, 'assets'));
    writeFileSync(join(distPath, 'index.html'), TEMPLATE);
    const script = 'console.log("frontline");'.repeat(100);
    writeFileSync(join(distPath, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(distPath, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    writeFileSync(join(distPath, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await createTestApp({ WEB_DIST_PATH: distPath, PUBLIC_URL: 'https://frontline.example' });
  });

  afterAll(async () => {
    await app.close();
    rmSync(distPath, { recursive: true, force: true });
  });

  it("injects the route's title, description and sharing tags into index.html", async () => {
    const response = await app.inject('/servers/bf1942');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = response.body;
    expect(html).toContain('<title>Battlefield 1942 servers | Frontline</title>');
    expect(html).toContain('<meta property="og:title" content="Battlefield 1942 servers | Frontline" />');
    expect(html).toContain('<meta name="twitter:title" content="Battlefield 1942 servers | Frontline" />');
    expect(html).toMatch(/<meta name="description" content="Live Battlefield 1942 servers[^"]*" \/>/);
    expect(html).toContain('<meta property="og:url" content="https://frontline.example/servers/bf1942" />');
    expect(html).not.toContain('<!--page-meta-->');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('puts the decoded name from the path into the title, escaped for HTML', async () => {
    const name = '<b>"Sgt. Ö" & co</b>';
    const response = await app.inject(`/players/${encodeURIComponent(name)}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>&lt;b&gt;&quot;Sgt. Ö&quot; &amp; co&lt;/b&gt; | Frontline</title>');
    expect(response.body).not.toContain('<b>"Sgt');
  });

  it('answers an unknown page with the not-found page and status 404', async () => {
    const response = await app.inject('/no/such/page');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<title>Page not found | Frontline</title>');
  });

  it('writes how to sign in into every page, and sends a strict Content-Security-Policy with it', async () => {
    const page = await app.inject('/servers/bf1942');
    const signIn = /<meta name="frontline:sign-in" content="([^"]*)" \/>/.exec(page.body)?.[1];
    expect(JSON.parse((signIn ?? '').replaceAll('&quot;', '"'))).toEqual({
      available: false,
      googleClientId: null,
      demo: false,
    });
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    // No inline script runs unless the template holds it (its hash is listed), and Google is not allowed here.
    expect(policy).toMatch(/script-src 'self'(;|$)/);
    expect(policy).not.toContain('google');

    const google = await createTestApp({ WEB_DIST_PATH: distPath, GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' });
    try {
      const withGoogle = await google.inject('/dashboard');
      expect(withGoogle.headers['content-security-policy']).toContain(
        "script-src 'self' https://accounts.google.com/gsi/client",
      );
      expect(withGoogle.body).toContain('id.apps.googleusercontent.com');
    } finally {
      await google.close();
    }
  });

  it('marks pages of a demo so the web app can say so without a request', async () => {
    expect((await app.inject('/servers/bf1942')).body).not.toContain('frontline:demo');
    const demo = await createTestApp({ WEB_DIST_PATH: distPath, DEMO_MODE: 'true' });
    try {
      expect((await demo.inject('/servers/bf1942')).body).toContain('<meta name="frontline:demo" content="true" />');
    } finally {
      await demo.close();
    }
  });

  it("preloads a server browser page's live list with the page", async () => {
    const response = await app.inject('/servers/bfv');
    expect(response.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/stats/liveservers/bfvietnam/servers" />',
    );
    expect((await app.inject('/players')).body).not.toContain('rel="preload"');
  });

  it('never serves the raw template', async () => {
    const response = await app.inject('/index.html');
    expect(response.body).not.toContain('<!--page-meta-->');
  });

  it('serves hashed assets with a year-long immutable cache, precompressed when the client accepts it', async () => {
    const plain = await app.inject('/assets/index-abc123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const compressed = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  });

  it('caches files with unhashed names for an hour only', async () => {
    const response = await app.inject('/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends /favicon.ico, asked for without the page, to the SVG icon rather than the not-found page', async () => {
    const response = await app.inject('/favicon.ico');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/favicon.svg');
    expect(response.body).not.toContain('<html');
    expect((await app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(301);
    // Only read: another method is told which ones the address answers.
    const post = await app.inject({ method: 'POST', url: '/favicon.ico' });
    expect(post.statusCode).toBe(405);
  });

  it('answers unknown API paths with JSON, never the web page', async () => {
    for (const url of ['/stats/nope', '/stats/Players/search/unknown?x=1', '/hub/whatever']) {
      const response = await app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: 'No such endpoint answers GET here.' });
    }
  });
});
