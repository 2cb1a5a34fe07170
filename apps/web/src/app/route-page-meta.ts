import { describePage } from '@frontline/contract';
import { applyPageMeta } from '../lib/page-meta.ts';

/**
 * Every route's title and description (the contract's page table): a chunk of its own, fetched after the first
 * paint, since the first page's tags are already in the HTML the server sent (docs/decisions/0002).
 */
export function applyRoutePageMeta(pathname: string): void {
  applyPageMeta(describePage(pathname));
}
