/**
 * Spec §4 "The pending count drives a blinking browser tab title that alternates a count prefix with the original
 * title every second until cleared" (§9 "Tab title blink 1 s").
 *
 * The page retitles itself on every navigation (app-shell.tsx, use-page-meta.ts), so the original title is not
 * fixed: whenever the title is not the one this module last wrote, the page has changed it, and that is the new
 * original. The blink never writes back a title the page has replaced.
 */

export const TITLE_BLINK_MS = 1000;

/** "(3) " before the title. */
export function countPrefix(count: number): string {
  return `(${count}) `;
}

export interface TitleBlink {
  /** The pending count: above 0 the title blinks, at 0 the original title is back. */
  setCount(count: number): void;
  /** Stops blinking and restores the original title. */
  stop(): void;
}

export function createTitleBlink(doc: Document = document, intervalMs: number = TITLE_BLINK_MS): TitleBlink {
  let count = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let original = doc.title;
  /** The title this module wrote last, or null when the title shown is the original. */
  let written: string | null = null;

  /** The page's own title: the one showing, unless it is still the one written here. */
  function currentOriginal(): string {
    return written !== null && doc.title === written ? original : doc.title;
  }

  function showPrefix(): void {
    original = currentOriginal();
    written = countPrefix(count) + original;
    doc.title = written;
  }

  function restore(): void {
    original = currentOriginal();
    if (written !== null && doc.title === written) doc.title = original;
    written = null;
  }

  function tick(): void {
    if (written !== null && doc.title === written) restore();
    else showPrefix();
  }

  function stop(): void {
    clearInterval(timer);
    timer = undefined;
    restore();
  }

  return {
    setCount(next) {
      count = next;
      if (count <= 0) {
        if (timer !== undefined) stop();
        return;
      }
      if (timer === undefined) {
        showPrefix();
        timer = setInterval(tick, intervalMs);
      } else if (written !== null && doc.title === written) {
        // A new count shows at once rather than on the next blink.
        showPrefix();
      }
    },
    stop,
  };
}
