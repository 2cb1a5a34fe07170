/**
 * The comparison's address (spec: site-statistics §2 "/players/compare (query player1, player2, optional
 * serverGuid)"; §4 "On success the URL query is replaced with player1, player2 and optional serverGuid").
 */

export interface ComparisonRequest {
  player1: string;
  player2: string;
  /** One server both played on; absent for all servers. */
  serverGuid?: string;
}

/** What the address asks for: the names as written (trimmed), and whether both are there to compare. */
export function readComparisonQuery(params: URLSearchParams): {
  player1: string;
  player2: string;
  request: ComparisonRequest | null;
} {
  const player1 = (params.get('player1') ?? '').trim();
  const player2 = (params.get('player2') ?? '').trim();
  const serverGuid = (params.get('serverGuid') ?? '').trim() || undefined;
  return { player1, player2, request: player1 && player2 ? { player1, player2, serverGuid } : null };
}

export function comparisonQueryParams(request: ComparisonRequest): URLSearchParams {
  const params = new URLSearchParams({ player1: request.player1, player2: request.player2 });
  if (request.serverGuid) params.set('serverGuid', request.serverGuid);
  return params;
}

/** §5 "Comparison needs both names non-blank after trimming". */
export function comparisonRequestOf(player1: string, player2: string): ComparisonRequest | null {
  const first = player1.trim();
  const second = player2.trim();
  return first && second ? { player1: first, player2: second } : null;
}

export function sameRequest(a: ComparisonRequest | null, b: ComparisonRequest | null): boolean {
  return a?.player1 === b?.player1 && a?.player2 === b?.player2 && a?.serverGuid === b?.serverGuid;
}
