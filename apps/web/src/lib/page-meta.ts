import { pageMetaTags, type PageMeta } from '@frontline/contract';

/**
 * Updates the document title and the description and social-sharing tags after a navigation, with the
 * same tags the server writes into index.html (both come from the contract package).
 */
export function applyPageMeta(meta: Pick<PageMeta, 'title' | 'description'>): void {
  document.title = meta.title;
  for (const tag of pageMetaTags(meta, window.location.href)) {
    const selector = `meta[${tag.attribute}="${CSS.escape(tag.key)}"]`;
    let element = document.head.querySelector<HTMLMetaElement>(selector);
    if (!element) {
      element = document.createElement('meta');
      element.setAttribute(tag.attribute, tag.key);
      document.head.append(element);
    }
    element.setAttribute('content', tag.content);
  }
}
