import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list screen's state kept in its URL query (spec: site-statistics §4: rankings "filters and sort kept in URL
 * query", "Sessions: state synced to query"). `parse` reads it (invalid values as defaults), `toParams` writes it
 * with defaults left out; both must be stable (module functions). A hand-written or outdated URL (pageSize=7,
 * page=abc) is rewritten in place to the canonical form of what it means, so the address bar always shows the
 * state on screen.
 */
export type UrlQueryUpdate<Query> = (change: (current: Query) => Query | null, options?: { replace?: boolean }) => void;

export function useUrlQuery<Query>(
  parse: (params: URLSearchParams) => Query,
  toParams: (query: Query) => URLSearchParams,
) {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parse(searchParams), [parse, searchParams]);

  const canonical = toParams(query).toString();
  useEffect(() => {
    if (searchParams.toString() !== canonical) setSearchParams(new URLSearchParams(canonical), { replace: true });
  }, [searchParams, canonical, setSearchParams]);

  /**
   * Applies a change to the state in the URL (a change giving null leaves it as it is). Typing and filters
   * replace the history entry; paging and sorting push one, so Back undoes them.
   */
  const update: UrlQueryUpdate<Query> = useCallback(
    (change, { replace = false } = {}) => {
      setSearchParams(
        (current) => {
          const parsed = parse(current);
          return toParams(change(parsed) ?? parsed);
        },
        { replace },
      );
    },
    [parse, toParams, setSearchParams],
  );

  return { query, update };
}

/**
 * A page past the end (a link from when the list was longer) moves to the last page there is, once the answer
 * for the current query (not a placeholder from the previous one) says how many there are.
 */
export function useClampPage<Query extends { page: number }>(
  page: number,
  totalPages: number | undefined,
  settled: boolean,
  update: UrlQueryUpdate<Query>,
) {
  const lastPage = settled && totalPages !== undefined ? Math.max(1, totalPages) : page;
  useEffect(() => {
    if (page > lastPage) update((current) => ({ ...current, page: lastPage }), { replace: true });
  }, [page, lastPage, update]);
}
