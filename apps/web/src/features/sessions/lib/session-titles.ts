import { formatMapName } from '../../../lib/map-and-mode.ts';

/**
 * Titles of the session screens (spec: site-statistics §2 Server sessions "Title: '{server} - {map} Sessions',
 * '{server} Player Sessions', '{map} Sessions' or 'Combat History'"; Player sessions "Title \"{player}'s Combat
 * History\""). The last two server-screen titles belong to a list without a server, which
 * /servers/{serverName}/sessions never is; the player screen has its own title.
 */

/**
 * A map folder name as words with capitals ("battle_of_the_bulge" → "Battle Of The Bulge"), the way the pages
 * show map names through CSS `capitalize`, for text CSS cannot reach: the document title and select options.
 */
export function mapLabel(mapName: string): string {
  return formatMapName(mapName).replace(
    /(^|\s)(\p{L})/gu,
    (_, space: string, letter: string) => `${space}${letter.toLocaleUpperCase()}`,
  );
}

export function serverSessionsTitle(serverName: string, mapName: string): string {
  return mapName ? `${serverName} - ${mapLabel(mapName)} Sessions` : `${serverName} Player Sessions`;
}

/** What the player screen's title says after the name's possessive. */
export const PLAYER_SESSIONS_HEADING = 'Combat History';

/** `shownName` is the decoded name (lib/player-name.ts). */
export function playerSessionsTitle(shownName: string): string {
  return `${shownName}'s ${PLAYER_SESSIONS_HEADING}`;
}
