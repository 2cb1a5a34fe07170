import { execFileSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from '../config.ts';
import { startListeningApp, type ListeningApp } from '../test/listening-app.ts';
import {
  connectionLimitsFor,
  connectionsAllowedBy,
  limitConnections,
  readDescriptorLimit,
  RESERVED_DESCRIPTORS,
  trustedProxyTest,
} from './connection-limits.ts';

// The caps on open connections against a real listening server: slow connections from one address are held up to its
// cap and the rest closed at once, while other addresses are still served; the total cap holds too
// (docs/decisions/0028-connection-limits.md). Linux routes all of 127.0.0.0/8 to this machine, so 127.0.0.x are
// different clients.

let server: ListeningApp | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await server?.close();
  server = undefined;
});

interface SlowSocket {
  socket: Socket;
  /** Resolves true when the server closed it before `finish`, false once it is finished and answered. */
  closedEarly: Promise<boolean>;
  /** Ends its headers and resolves with the status of its answer. */
  finish: () => Promise<number>;
}

/** A slowloris connection: the request line and one header, never the blank line that ends the headers. */
function slowSocket(port: number, localAddress: string): Promise<SlowSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress });
    sockets.push(socket);
    let received = '';
    let finishing = false;
    let onAnswer: ((status: number) => void) | undefined;
    const closedEarly = new Promise<boolean>((settle) => socket.once('close', () => settle(!finishing)));
    socket.on('data', (chunk) => {
      received += String(chunk);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      if (status && received.includes('\r\n\r\n')) onAnswer?.(Number(status));
    });
    socket.once('error', () => undefined);
    socket.once('connect', () => {
      socket.write('GET /stats/health HTTP/1.1\r\nHost: frontline\r\n');
      resolve({
        socket,
        closedEarly,
        finish: () =>
          new Promise((answered) => {
            finishing = true;
            onAnswer = answered;
            socket.write('Connection: close\r\n\r\n');
          }),
      });
    });
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
}

/** A normal visitor's request from `localAddress`, on a connection of its own: its status. */
function visit(port: number, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: '127.0.0.1', port, path: '/stats/health', localAddress, agent: false },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/**
 * Opens `count` slow connections from `localAddress` and waits until all but `held` are closed by the server (a
 * refused connection is closed as it is accepted; a held one stays open, its header timeout 10 s away). The held
 * ones' answers, once their headers are finished, prove they were real connections.
 */
async function openSlow(port: number, localAddress: string, count: number, held: number) {
  const opened = await Promise.all(Array.from({ length: count }, () => slowSocket(port, localAddress)));
  const closed = new Set<SlowSocket>();
  await new Promise<void>((resolve) => {
    if (count === held) resolve();
    for (const slow of opened) {
      void slow.closedEarly.then((early) => {
        if (!early) return;
        closed.add(slow);
        if (closed.size === count - held) resolve();
      });
    }
  });
  return opened.filter((slow) => !closed.has(slow));
}

describe('the caps on open connections, over real sockets', () => {
  it("holds one address's slow connections to its cap, closes the rest at once, and still serves other addresses", async () => {
    server = await startListeningApp({ MAX_CONNECTIONS_PER_ADDRESS: '20', MAX_CONNECTIONS: '200' });
    const held = await openSlow(server.port, '127.0.0.1', 100, 20);
    expect(held).toHaveLength(20);
    // Another visitor is served while the 20 are held.
    expect(await visit(server.port, '127.0.0.2')).toBe(200);
    // The held ones were real connections: finishing their headers gets their answers.
    expect(await Promise.all(held.map((slow) => slow.finish()))).toEqual(Array(20).fill(200));
  });

  it('frees an address slot when one of its connections closes', async () => {
    server = await startListeningApp({ MAX_CONNECTIONS_PER_ADDRESS: '3' });
    const [first, ...others] = await openSlow(server.port, '127.0.0.3', 4, 3);
    first?.socket.destroy();
    await first?.closedEarly;
    const again = await openSlow(server.port, '127.0.0.3', 2, 1);
    expect(await Promise.all([...others, ...again].map((slow) => slow.finish()))).toEqual([200, 200, 200]);
  });

  it('holds the total cap across addresses, and lets a proxy TRUST_PROXY names past the cap per address', async () => {
    server = await startListeningApp({ MAX_CONNECTIONS_PER_ADDRESS: '5', MAX_CONNECTIONS: '12' });
    const held = [
      ...(await openSlow(server.port, '127.0.0.4', 5, 5)),
      ...(await openSlow(server.port, '127.0.0.5', 5, 5)),
      ...(await openSlow(server.port, '127.0.0.6', 5, 2)),
    ];
    await expect(visit(server.port, '127.0.0.7')).rejects.toThrow(/ECONNRESET|socket hang up/);
    // A held connection done, a new visitor gets its place.
    expect(await held[0]?.finish()).toBe(200);
    await held[0]?.closedEarly;
    expect(await visit(server.port, '127.0.0.7')).toBe(200);
    for (const socket of sockets.splice(0)) socket.destroy();
    await server.close();

    // Behind a proxy, every client's connection comes from the proxy's address.
    server = await startListeningApp({
      MAX_CONNECTIONS_PER_ADDRESS: '5',
      MAX_CONNECTIONS: '12',
      TRUST_PROXY: '127.0.0.8',
    });
    const viaProxy = await openSlow(server.port, '127.0.0.8', 10, 10);
    const direct = await openSlow(server.port, '127.0.0.9', 6, 2);
    expect(await Promise.all([...viaProxy, ...direct].map((slow) => slow.finish()))).toEqual(Array(12).fill(200));
  });
});

describe('the refusals in the log', () => {
  it('are summed up in a line at most every interval, not a line per connection', async () => {
    const lines: Record<string, unknown>[] = [];
    const plain = createServer((_request, response) => response.end('ok'));
    const counts = limitConnections(
      plain,
      { total: 100, perAddress: 2 },
      { isTrustedProxy: () => false, log: { warn: (entry: object) => lines.push(entry as never) }, logEveryMs: 400 },
    );
    let accepted = 0;
    plain.on('connection', () => (accepted += 1));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const port = (plain.address() as AddressInfo).port;
      await openSlow(port, '127.0.0.10', 42, 2);
      expect(counts()).toEqual({ refusedTotal: 0, refusedPerAddress: 40 });
      // The refused ones were closed as they were accepted: no socket object, no HTTP parser was made for them.
      expect(accepted).toBe(2);
      await vi.waitFor(
        () => expect(lines.reduce((sum, line) => sum + Number(line.refusedOverAddressCap), 0)).toBe(40),
        { timeout: 10_000 },
      );
      expect(lines.length).toBeLessThanOrEqual(3);
      expect(lines[0]).toMatchObject({ busiestAddress: '127.0.0.10', limits: { total: 100, perAddress: 2 } });
    } finally {
      for (const socket of sockets.splice(0)) socket.destroy();
      await new Promise((resolve) => plain.close(resolve));
    }
  });
});

describe('the total cap from the descriptor limit', () => {
  it("reads the process's limit as the shell reports it", () => {
    const shell = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    expect(readDescriptorLimit()).toBe(Number(shell));
  });

  it('keeps the reserve and a descriptor per connection for a file being sent', () => {
    expect(connectionsAllowedBy(65_536)).toBe((65_536 - RESERVED_DESCRIPTORS) / 2);
    expect(connectionsAllowedBy(1_024)).toBe(384);
    expect(connectionLimitsFor({ descriptorLimit: 20_000, configuredTotal: undefined, perAddress: 256 })).toEqual({
      total: 9_872,
      perAddress: 256,
    });
    expect(connectionLimitsFor({ descriptorLimit: 20_000, configuredTotal: 5_000, perAddress: 0 }).total).toBe(5_000);
  });

  it('refuses a MAX_CONNECTIONS the descriptor limit cannot carry, naming what to raise', () => {
    expect(() => connectionLimitsFor({ descriptorLimit: 4_096, configuredTotal: 5_000, perAddress: 256 })).toThrow(
      ConfigError,
    );
    expect(() => connectionLimitsFor({ descriptorLimit: 4_096, configuredTotal: 5_000, perAddress: 256 })).toThrow(
      /ulimit -n 4096.*at most 1920.*LimitNOFILE/s,
    );
  });
});

describe('trustedProxyTest', () => {
  it('trusts the addresses, ranges and named ranges TRUST_PROXY lists, IPv4 clients of a dual-stack socket too', () => {
    const trusted = trustedProxyTest(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', 'loopback']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('192.0.2.7')).toBe(true);
    expect(trusted('192.0.2.8')).toBe(false);
    expect(trusted('2001:db8:1::5')).toBe(true);
    expect(trusted('2001:db9::5')).toBe(false);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('203.0.113.9')).toBe(false);
  });

  it('trusts no one when off, and everyone for true or a hop count (then no address is capped)', () => {
    expect(trustedProxyTest(false)('127.0.0.1')).toBe(false);
    expect(trustedProxyTest(true)('203.0.113.9')).toBe(true);
    expect(trustedProxyTest({ hops: 1 })('203.0.113.9')).toBe(true);
  });
});
