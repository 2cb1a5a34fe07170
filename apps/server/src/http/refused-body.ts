import type { FastifyRequest } from 'fastify';

/**
 * A body refused for its size (413) is refused before it is read, while the client is still sending it. Answering
 * and closing at once closed a socket with unread bytes, which the kernel turns into a reset: the client's write
 * failed (`write EPIPE`) and it never read the answer, however early it came (issue 20's fuzz, a 1 MB body). So the
 * rest of such a body is read and thrown away first, up to REFUSED_BODY_DRAIN_BYTES, and the answer goes out once it
 * is in; the connection then closes cleanly. Beyond that bound the answer goes out at once and the connection closes
 * whatever the client is still sending: reading an endless body would only feed it. A slow one is cut by the
 * request and idle timeouts (http-edges.ts), as any other.
 */

/**
 * Twice the 1 MiB most servers take by default (Fastify's own before ours, Express's…): a client that believed in
 * one of those gets its answer. Read and dropped as it comes, nothing of it is kept.
 */
export const REFUSED_BODY_DRAIN_BYTES = 2 * 1024 * 1024;

/**
 * Calls `answer` once the rest of the request's body has been read and dropped, or at once when that rest is longer
 * than REFUSED_BODY_DRAIN_BYTES (by its Content-Length, or as it turns out while reading). A request whose client goes
 * away meanwhile gets no answer: nobody is left to read it.
 */
export function answerAfterRefusedBody(request: FastifyRequest, answer: () => void): void {
  const incoming = request.raw;
  if (incoming.complete || incoming.readableEnded || incoming.destroyed) {
    answer();
    return;
  }
  const announced = Number(request.headers['content-length']);
  // Whatever Fastify read before refusing it counts, so the bound is on the body as a whole beyond the limit.
  if (Number.isFinite(announced) && announced > REFUSED_BODY_DRAIN_BYTES) {
    answer();
    return;
  }
  let dropped = 0;
  let done = false;
  const finish = (answered: boolean) => {
    if (done) return;
    done = true;
    incoming.off('data', onData);
    incoming.off('end', onEnd);
    incoming.off('close', onClose);
    incoming.off('error', onClose);
    if (answered) answer();
  };
  const onData = (chunk: Buffer | string) => {
    dropped += chunk.length;
    if (dropped > REFUSED_BODY_DRAIN_BYTES) {
      // Stop reading: what is still coming stays on the socket, which closes after the answer.
      incoming.pause();
      finish(true);
    }
  };
  const onEnd = () => finish(true);
  const onClose = () => finish(!incoming.destroyed && incoming.complete);
  incoming.on('data', onData);
  incoming.on('end', onEnd);
  incoming.on('close', onClose);
  incoming.on('error', onClose);
  incoming.resume();
}
