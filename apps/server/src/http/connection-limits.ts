import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BlockList, isIP, type Server, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type TrustProxy } from '../config.ts';
import { addressKey } from './address-key.ts';

/**
 * Caps on open connections (docs/decisions/0028-connection-limits.md): in total, below the process's file-descriptor
 * limit with room kept for what else needs descriptors, and per client address (an IPv6 /64, as the rate limits
 * count), so that one address holding thousands of slow connections cannot take the descriptors every other
 * visitor, the collector's polls and the database need. A connection over either cap is closed as it is accepted,
 * before a byte of it is read; refusals are logged at most once a minute.
 */

/**
 * Descriptors kept for the process itself beyond its connections: Node's own (its event loops, the collector's worker
 * thread, standard streams), the database (SQLite's file, -wal and -shm per connection; or PostgreSQL's pools, about
 * two dozen connections), the collector's polls (a connection or two per game, DNS) and the logs. 256 is several
 * times what they use together.
 */
export const RESERVED_DESCRIPTORS = 256;

/** The fewest connections the total cap allows, whatever the descriptor limit says. */
const MIN_TOTAL_CONNECTIONS = 32;

/** Refusals are summed up in one warning per this long at most. */
const REFUSAL_LOG_EVERY_MS = 60_000;

export interface ConnectionLimits {
  /** Connections open at once, every client together. */
  total: number;
  /** Connections open at once from one address (an IPv6 /64); 0: no cap per address. */
  perAddress: number;
}

/**
 * The process's limit of open file descriptors (`ulimit -n`; Node raises its soft limit to the hard one at start),
 * from /proc/self/limits, else the shell's `ulimit -n`; undefined when neither says (or it is unlimited).
 */
export function readDescriptorLimit(): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('Max open files'));
    const soft = line?.split(/\s{2,}/)[1];
    if (soft !== undefined) return /^\d+$/.test(soft) ? Number(soft) : undefined;
  } catch {
    // Not Linux: ask the shell (a child process inherits this process's limits).
  }
  try {
    const text = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2_000 }).trim();
    return /^\d+$/.test(text) ? Number(text) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The most connections a descriptor limit allows: each connection is a descriptor, and may hold a second while a file
 * of the web app is streamed to it (@fastify/static reads from disk), so half of what is left after the reserve.
 */
export function connectionsAllowedBy(descriptorLimit: number): number {
  return Math.max(MIN_TOTAL_CONNECTIONS, Math.floor((descriptorLimit - RESERVED_DESCRIPTORS) / 2));
}

/**
 * The caps to apply: MAX_CONNECTIONS when set (refused when more than the descriptor limit allows: the operator
 * raises `ulimit -n`/LimitNOFILE instead), else what the descriptor limit allows.
 */
export function connectionLimitsFor(options: {
  descriptorLimit: number | undefined;
  configuredTotal: number | undefined;
  perAddress: number;
}): ConnectionLimits {
  const allowed = options.descriptorLimit === undefined ? undefined : connectionsAllowedBy(options.descriptorLimit);
  if (options.configuredTotal !== undefined && allowed !== undefined && options.configuredTotal > allowed) {
    throw new ConfigError([
      `MAX_CONNECTIONS: ${options.configuredTotal} is more than the process's descriptor limit ` +
        `(ulimit -n ${options.descriptorLimit}) allows: at most ${allowed}, half of what is left after ` +
        `${RESERVED_DESCRIPTORS} kept for the database and the collector. Raise the limit (LimitNOFILE) or lower ` +
        'MAX_CONNECTIONS (docs/operations.md)',
    ]);
  }
  // No limit readable (an unusual platform): Linux's common default of 1,024 is the safe guess.
  const total = options.configuredTotal ?? allowed ?? connectionsAllowedBy(1024);
  return { total, perAddress: options.perAddress };
}

/** proxy-addr's named ranges, as TRUST_PROXY accepts them. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether a connection comes from a proxy TRUST_PROXY names: its connections carry many clients, whose addresses the
 * socket does not show, so the cap per address does not apply to it (the proxy caps its clients' connections;
 * docs/operations.md). `true` and a hop count trust whoever connects: then no address is capped.
 */
export function trustedProxyTest(trust: TrustProxy): (address: string) => boolean {
  if (trust === false) return () => false;
  if (trust === true || !Array.isArray(trust)) return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    // An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d: checked as the IPv4 address it is.
    const key = addressKey(address);
    return isIP(key) === 4 ? list.check(key, 'ipv4') : isIP(address) === 6 && list.check(address, 'ipv6');
  };
}

export interface ConnectionCounts {
  /** Connections refused since the server started: over the total cap, over an address's cap. */
  refusedTotal: number;
  refusedPerAddress: number;
}

/**
 * Applies the caps to a listening server: the total through Node's own `maxConnections` (its handle is closed before
 * a socket object exists), the cap per address as Node accepts (its `blockList` check) and, where that is not asked,
 * in the first `connection` listener after HTTP's own, before any byte is read. Returns the counts, for tests.
 */
export function limitConnections(
  server: Server,
  limits: ConnectionLimits,
  options: {
    isTrustedProxy: (address: string) => boolean;
    log: Pick<FastifyBaseLogger, 'warn'>;
    /** How often at most refusals are logged (tests shorten it). */
    logEveryMs?: number;
  },
): () => ConnectionCounts {
  const logEveryMs = options.logEveryMs ?? REFUSAL_LOG_EVERY_MS;
  const perKey = new Map<string, number>();
  let refusedTotal = 0;
  let refusedPerAddress = 0;
  /** Refusals not yet logged, and the address that had most of them. */
  let unlogged = { total: 0, perAddress: 0, byKey: new Map<string, number>() };
  let lastLogAt = -Infinity;
  let logTimer: NodeJS.Timeout | undefined;

  function logRefusals(): void {
    logTimer = undefined;
    if (unlogged.total + unlogged.perAddress === 0) return;
    lastLogAt = Date.now();
    const [busiest, fromBusiest] = [...unlogged.byKey].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [
      '',
      0,
    ] as [string, number]);
    options.log.warn(
      {
        refusedOverTotal: unlogged.total,
        refusedOverAddressCap: unlogged.perAddress,
        busiestAddress: busiest || undefined,
        refusedFromBusiest: fromBusiest,
        limits,
      },
      'connections refused (over the connection caps)',
    );
    unlogged = { total: 0, perAddress: 0, byKey: new Map() };
  }

  function noteRefusal(kind: 'total' | 'perAddress', key: string | undefined): void {
    unlogged[kind] += 1;
    if (key !== undefined && (unlogged.byKey.has(key) || unlogged.byKey.size < 100)) {
      unlogged.byKey.set(key, (unlogged.byKey.get(key) ?? 0) + 1);
    }
    if (logTimer) return;
    // The first refusal after a quiet minute is told at once; later ones are summed up a minute after the last line.
    const wait = Math.max(0, lastLogAt + logEveryMs - Date.now());
    logTimer = setTimeout(logRefusals, wait);
    logTimer.unref();
  }

  server.maxConnections = limits.total;
  server.on('drop', (data?: { remoteAddress?: string }) => {
    refusedTotal += 1;
    noteRefusal('total', data?.remoteAddress === undefined ? undefined : addressKey(data.remoteAddress));
  });
  server.on('close', () => {
    if (logTimer) clearTimeout(logTimer);
    logRefusals();
  });

  if (limits.perAddress > 0) {
    /** Whether a new connection from `address` is over its cap (counted as refused when it is). */
    const refuse = (address: string): boolean => {
      if (options.isTrustedProxy(address)) return false;
      const key = addressKey(address);
      if ((perKey.get(key) ?? 0) < limits.perAddress) return false;
      refusedPerAddress += 1;
      noteRefusal('perAddress', key);
      return true;
    };
    // The cheap way first: Node asks a server's `blockList` as it accepts a connection, before a socket object or an
    // HTTP parser exists (the `blockList` option of net.Server; set here because Fastify makes the server). A flood
    // of refused connections then costs an accept and a close each. The `connection` listener below stays the rule
    // where a Node would not ask.
    (server as Server & { blockList?: { check: (address: string) => boolean } }).blockList = { check: refuse };
    server.on('connection', (socket: Socket) => {
      const address = socket.remoteAddress;
      // A socket already reset by its client has no address left; nothing to count.
      if (address === undefined || options.isTrustedProxy(address)) return;
      const key = addressKey(address);
      if (refuse(address)) {
        socket.destroy();
        return;
      }
      const open = perKey.get(key) ?? 0;
      perKey.set(key, open + 1);
      socket.once('close', () => {
        const left = (perKey.get(key) ?? 1) - 1;
        if (left > 0) perKey.set(key, left);
        else perKey.delete(key);
      });
    });
  }

  return () => ({ refusedTotal, refusedPerAddress });
}
