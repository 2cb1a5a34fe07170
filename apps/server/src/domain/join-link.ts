import type { ServerSnapshot } from './snapshot.ts';

/**
 * FH2's join link (spec §9 "Join link: game's own URL scheme with ip and port"). FH2 is a Battlefield 2 mod, so
 * it joins through BF2's scheme: the joinme.click launcher, which already opens the feed's bf1942:// and
 * bfvietnam:// links, registers `bf2://{ip}:{port}` and starts the game with `+joinServer ip +port port`; its
 * `mod` query adds `+modPath mods/{mod}`, and FH2 lives in mods/fh2 (cetteup/joinme.click-launcher,
 * internal/titles/bf2.go). The FH2 feed sends no join link, so Frontline builds this one.
 */
export const FH2_MOD = 'fh2';

/**
 * The link a JOIN button opens: the feed's own when it sends one; else, for a passwordless FH2 server, the BF2
 * launcher link with the FH2 mod. A password-protected server gets none, as the feed decides for the other games:
 * the launcher cannot pass a password, so the button would only end at the game's password error; players join
 * those from the game's own browser with the address the list shows.
 */
export function joinLinkFor(
  snapshot: Pick<ServerSnapshot, 'game' | 'ip' | 'port' | 'hasPassword' | 'joinLink'>,
): string | null {
  if (snapshot.joinLink) return snapshot.joinLink;
  if (snapshot.game !== 'fh2' || snapshot.hasPassword) return null;
  return `bf2://${snapshot.ip}:${snapshot.port}?mod=${FH2_MOD}`;
}
