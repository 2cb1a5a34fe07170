import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes } from './content-security-policy.ts';

describe('the pages’ Content-Security-Policy', () => {
  const theme = "document.documentElement.classList.add('dark-mode');";
  const template = `<head><script>${theme}</script><script type="module" crossorigin src="/assets/index.js"></script></head>`;

  it('allows the template’s inline script by its hash, and no other inline script', () => {
    const hash = createHash('sha256').update(theme).digest('base64');
    expect(inlineScriptHashes(template)).toEqual([`'sha256-${hash}'`]);
    const policy = contentSecurityPolicy(template, { googleSignIn: false });
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toContain("'unsafe-inline' ;");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  });

  it('lets Google Identity Services load and frame its button only when Google sign-in is on', () => {
    const policy = contentSecurityPolicy(template, { googleSignIn: true });
    expect(policy).toContain('https://accounts.google.com/gsi/client');
    expect(policy).toContain('frame-src https://accounts.google.com/gsi/');
    expect(contentSecurityPolicy(template, { googleSignIn: false })).toContain("frame-src 'none'");
  });

  it('names the hub’s WebSocket origin when the public address is known, beside self', () => {
    expect(contentSecurityPolicy(template, { googleSignIn: false, publicUrl: 'https://frontline.example' })).toContain(
      "connect-src 'self' wss://frontline.example;",
    );
    expect(contentSecurityPolicy(template, { googleSignIn: true, publicUrl: 'http://localhost:8080' })).toContain(
      "connect-src 'self' ws://localhost:8080 https://accounts.google.com/gsi/;",
    );
    expect(contentSecurityPolicy(template, { googleSignIn: false })).toContain("connect-src 'self';");
  });
});
