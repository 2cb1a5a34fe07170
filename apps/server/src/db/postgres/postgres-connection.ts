import pg from 'pg';

/** How every connection of Frontline's to PostgreSQL is made: the pool's (postgres-database.ts) and the collector's. */

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * bigint (counts, keys, Unix ms) and numeric (a sum of bigints) as numbers, as node:sqlite returns them. Every
 * such value Frontline stores or sums is far below 2^53 (a year of play is 3.2e10 ms).
 */
const parseNumber = (value: string): number => Number(value);
const postgresValueTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary'): unknown =>
    oid === INT8_OID || oid === NUMERIC_OID ? parseNumber : pg.types.getTypeParser(oid, format),
};

/** A schema name as an identifier PostgreSQL takes unquoted: letters, digits and underscores, not a digit first. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * How a connection to Frontline's schema is made: the schema checked, then set as the search path; named after what
 * it is for (`pg_stat_activity` shows `frontline <role> <schema>`).
 */
export function postgresConnectionConfig(url: string, schema: string, role: 'pool' | 'collector' | 'instances') {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`PostgreSQL schema name not allowed: ${schema}`);
  return {
    connectionString: url,
    types: postgresValueTypes,
    options: `-c search_path=${schema}`,
    application_name: `frontline ${role} ${schema}`,
  };
}
