import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isTestPostgresReachable, newTestSchemaName, TEST_POSTGRES_URL } from '../../test/test-postgres.ts';
import { instanceMessage, INSTANCE_CHANNEL, listenToInstances, type InstanceListener } from './instance-channel.ts';

// What the instances of one deployment tell each other (issue 21): every listener of the schema hears each message,
// one of another schema hears none, and a listener whose connection is cut connects again and says so (what was
// said meanwhile is to be read from the tables).

const reachable = await isTestPostgresReachable();

async function notify(payload: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query('select pg_notify($1, $2)', [INSTANCE_CHANNEL, payload]);
  } finally {
    await client.end();
  }
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const giveUpAt = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error(`${what}: not within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!reachable)('the instances’ channel', () => {
  const listeners: InstanceListener[] = [];
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
  });

  async function listen(schema: string) {
    const heard: unknown[] = [];
    let reconnects = 0;
    const warnings: string[] = [];
    const listener = await listenToInstances({
      url: TEST_POSTGRES_URL,
      schema,
      onMessage: (message) => heard.push(message),
      onReconnect: () => (reconnects += 1),
      log: { warn: (_payload, message) => warnings.push(message) },
      retryMs: 50,
    });
    listeners.push(listener);
    return { heard, reconnects: () => reconnects, warnings };
  }

  it('brings each message to every listener of its schema, and none to another schema’s', async () => {
    const schema = newTestSchemaName();
    const [first, second, other] = await Promise.all([listen(schema), listen(schema), listen(newTestSchemaName())]);
    await notify(instanceMessage(schema, { kind: 'list', game: 'fh2' }));
    await notify(instanceMessage(schema, { kind: 'list', game: 'bf1942' }));
    await until(() => first.heard.length === 2 && second.heard.length === 2, 'both listeners hear both');
    expect(first.heard).toEqual([
      { kind: 'list', game: 'fh2' },
      { kind: 'list', game: 'bf1942' },
    ]);
    expect(other.heard).toEqual([]);
  });

  it('connects again when its connection is cut, says so, and hears what is said after', async () => {
    const schema = newTestSchemaName();
    const listener = await listen(schema);
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      // This listener's backend (not another test's), cut as a failover or a restart of PostgreSQL would.
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
        `frontline instances ${schema}`,
      ]);
    } finally {
      await admin.end();
    }
    await until(() => listener.reconnects() > 0, 'it connects again');
    expect(listener.warnings[0]).toMatch(/lost its connection/);
    await notify(instanceMessage(schema, { kind: 'list', game: 'fh2' }));
    await until(() => listener.heard.length === 1, 'it hears after reconnecting');
  });
});
