import type { ChildProcess } from 'node:child_process';

/** Sends `message` (if any) to a child and waits for its first reply of `type`. */
export function ask<Reply extends { type: string }>(
  child: ChildProcess,
  message: object | undefined,
  type: Reply['type'],
  timeoutMs = 60_000,
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: Reply) => {
      if (reply.type !== type) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(reply);
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      reject(new Error(`a child process exited (code ${code}) before its ${type} reply`));
    };
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      child.off('exit', onExit);
      reject(new Error(`no ${type} reply within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}
