import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A screen's state kept in its URL query (spec: site-statistics §4 "Sessions: state synced to query"). `parse`
 * reads it (invalid values as defaults), `toParams` writes it with defaults left out; both must be stable
 * (module functions). A hand-written or outdated URL (pageSize=7, page=abc) is rewritten in place to the
 * canonical form of what it means, so the address bar always shows the state on screen.
 */
export function useSessionsUrl<Query>(
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
   * Applies a change to the state in the URL. Filters replace the history entry (the brief: "replace history on
   * filter changes"); paging and sorting push one, so Back undoes them.
   */
  const update = useCallback(
    (change: (current: Query) => Query, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams((current) => toParams(change(parse(current))), { replace });
    },
    [parse, toParams, setSearchParams],
  );

  return { query, update };
}

/**
 * A page past the end (a link from when there were more sessions) moves to the last page there is, once the
 * answer for the current query (not a placeholder from the previous one) says how many there are.
 */
export function useClampPage(
  page: number,
  totalPages: number | undefined,
  settled: boolean,
  goToPage: (page: number) => void,
) {
  const lastPage = settled && totalPages !== undefined ? Math.max(1, totalPages) : page;
  useEffect(() => {
    if (page > lastPage) goToPage(lastPage);
  }, [page, lastPage, goToPage]);
}
