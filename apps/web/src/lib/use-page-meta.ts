import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { applyPageMeta } from './page-meta.ts';

/**
 * Retitles a page from its data or query (spec: site-statistics §2 "after navigation the title and
 * social-sharing tags are updated"): a decoded player name, a round's map and server. The shell titles every page
 * from its path alone, and its effect for the same navigation runs after the page's effects, so the page's meta
 * is written a microtask later or the shell would write its generic one back. `title` is the whole title.
 */
export function usePageMeta(title: string, description: string) {
  const { pathname } = useLocation();
  useEffect(() => {
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) applyPageMeta({ title, description });
    });
    return () => {
      cancelled = true;
    };
  }, [pathname, title, description]);
}
