/**
 * A stale chunk: after a deploy, a page opened before it asks for a route's code under a file name the new build
 * no longer has. Reloading fetches the new index.html and its chunks. A marker in session storage allows one
 * reload per time window, so a chunk that fails for another reason (the server is down, the file is missing)
 * shows a message instead of reloading the page again and again.
 */

const RELOAD_MARKER = 'frontline:stale-chunk-reload';
/** Longer than a reload and the failed request after it take on a slow connection. */
const STALE_CHUNK_RELOAD_WINDOW_MS = 30_000;

/** Chromium, Firefox and Safari word a failed `import()` each their own way; Vite's preload helper its own. */
const STALE_CHUNK_MESSAGE =
  /dynamically imported module|Importing a module script failed|Unable to preload|Loading (CSS )?chunk/i;

export function isStaleChunkError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ChunkLoadError' || STALE_CHUNK_MESSAGE.test(error.message));
}

/** Whether a stale chunk may reload the page now: no reload for one in the last window. */
export function mayReloadForStaleChunk(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_MARKER));
    return !(now - last < STALE_CHUNK_RELOAD_WINDOW_MS);
  } catch {
    // Without storage a reload could not be remembered, and might repeat without end.
    return false;
  }
}

export function noteStaleChunkReload(now = Date.now()): void {
  try {
    sessionStorage.setItem(RELOAD_MARKER, String(now));
  } catch {
    // mayReloadForStaleChunk already said no.
  }
}
