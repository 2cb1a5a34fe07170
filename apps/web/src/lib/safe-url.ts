/**
 * Links that come from the live feed (Discord, forum and join links) are written by server admins, so only
 * schemes we mean to open are let through: a `javascript:` or `data:` URL in a feed field must never become
 * a clickable link.
 */

const WEB_SCHEMES = new Set(['http:', 'https:']);
/** Join links: web launchers (joinme.click) or the games' own URL schemes (bf1942://ip:port, …). */
const JOIN_SCHEMES = new Set([...WEB_SCHEMES, 'bf1942:', 'bfvietnam:', 'bf2:', 'fh2:']);

function parse(url: string | null | undefined): URL | null {
  if (!url) return null;
  try {
    return new URL(url.trim());
  } catch {
    return null;
  }
}

/** The URL when it is an http(s) address, else null. */
export function safeWebUrl(url: string | null | undefined): string | null {
  const parsed = parse(url);
  return parsed && WEB_SCHEMES.has(parsed.protocol) ? parsed.href : null;
}

/** The join link when its scheme is a web one or a game's, else null. */
export function safeJoinUrl(url: string | null | undefined): string | null {
  const parsed = parse(url);
  return parsed && JOIN_SCHEMES.has(parsed.protocol) ? parsed.href : null;
}
