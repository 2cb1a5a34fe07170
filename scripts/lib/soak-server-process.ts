import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfigOrExit, serve } from '../../apps/server/src/serve.ts';

/**
 * The server under the crash soak (crash-soak.ts): exactly what `apps/server/src/main.ts` runs, plus one hook over
 * IPC, `{ type: 'terminate-worker' }`, that ends the collector's worker thread at once the way its host's watchdog
 * ends a stuck one (`CollectorHost.terminateWorker`: the thread is terminated mid-whatever, its open transaction
 * rolled back by SQLite). The host must then start another, as it does for a worker that died of its own accord.
 * Answers `{ type: 'worker-terminated', restarts }` with the host's restart count at that moment.
 */

export type SoakServerRequest = { type: 'terminate-worker' };
export type SoakServerReply = { type: 'worker-terminated'; restarts: number };

const config = loadConfigOrExit();
const app = await buildApp(config);

process.on('message', (request: SoakServerRequest) => {
  if (request.type !== 'terminate-worker') return;
  const collector = app.collector;
  if (!collector) throw new Error('the crash soak terminates the collector worker, but the collector is off');
  void collector.terminateWorker('terminated by the crash soak').then(() => {
    process.send?.({ type: 'worker-terminated', restarts: collector.restarts } satisfies SoakServerReply);
  });
});

// The soak gone (it ended without stopping this server, or died): stop as on SIGTERM rather than collect on alone.
process.on('disconnect', () => process.kill(process.pid, 'SIGTERM'));

await serve(app, config);
