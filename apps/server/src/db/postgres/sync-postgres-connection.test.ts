import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  dropTestSchema,
  isTestPostgresReachable,
  newTestSchemaName,
  TEST_POSTGRES_URL,
} from '../../test/test-postgres.ts';
import { openSyncPostgresConnection, type SyncPostgresConnection } from './sync-postgres-connection.ts';

// The collector's store writes through a synchronous connection (db/sync-connection.ts); on PostgreSQL that is a
// thread of its own answering each statement while the caller waits. It must behave as node:sqlite does where the
// store relies on it: parameters both ways, row counts, blobs, errors thrown where the statement is, transactions.

const reachable = await isTestPostgresReachable();

describe.skipIf(!reachable)('a synchronous connection to PostgreSQL', () => {
  const schema = newTestSchemaName();
  let connection: SyncPostgresConnection;

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    connection = openSyncPostgresConnection(TEST_POSTGRES_URL, schema);
    connection.exec(
      'create table items (id bigint primary key, name text not null, data bytea, share double precision)',
    );
  });

  afterAll(async () => {
    connection?.close();
    await dropTestSchema(schema);
  });

  it('runs statements with positional and named parameters, and says how many rows changed', () => {
    const insert = connection.prepare('insert into items (id, name, data, share) values (?, ?, ?, ?)');
    expect(insert.run(1, 'one', new Uint8Array([0, 1, 255]), 0.25).changes).toBe(1);
    expect(insert.run(2, 'two', null, null).changes).toBe(1);
    const rename = connection.prepare('update items set name = :name where id = :id or name = :name');
    expect(rename.run({ id: 2, name: 'one' }).changes).toBe(2);
    expect(connection.prepare('select id, name, data, share from items where id = ?').get(1)).toEqual({
      id: 1, // a bigint comes back as a number, as from node:sqlite
      name: 'one',
      data: new Uint8Array([0, 1, 255]),
      share: 0.25,
    });
    expect(connection.prepare('select count(*) as n from items').all()).toEqual([{ n: 2 }]);
    expect(connection.prepare('select id from items where id = ?').get(99)).toBeUndefined();
  });

  it('throws the database error where the statement is, and goes on working after it', () => {
    const insert = connection.prepare('insert into items (id, name) values (?, ?)');
    expect(() => insert.run(1, 'again')).toThrow(/duplicate key/);
    expect(() => insert.run(3)).toThrow(/no value for parameter 2/);
    expect(() => connection.exec('select * from no_such_table')).toThrow(/no_such_table/);
    expect(insert.run(3, 'three').changes).toBe(1);
  });

  it('keeps a transaction on its one connection: a rollback undoes it', () => {
    connection.exec('begin');
    connection.prepare('delete from items').run();
    expect(connection.prepare('select count(*) as n from items').get()).toEqual({ n: 0 });
    connection.exec('rollback');
    expect(connection.prepare('select count(*) as n from items').get()).toEqual({ n: 3 });
  });
});
