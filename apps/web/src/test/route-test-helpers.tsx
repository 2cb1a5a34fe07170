import { useLocation } from 'react-router';

/** A JSON answer as the API sends it, for tests that stand a fake `fetch` in for the server. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Shows the router's current path (and query, with `withSearch`) for tests to read as `data-testid="location"`. */
export function LocationProbe({ withSearch = false }: { withSearch?: boolean }) {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + (withSearch ? location.search : '')}</output>;
}
