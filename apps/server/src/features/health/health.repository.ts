import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

export function createHealthRepository(db: Kysely<DatabaseSchema>) {
  return {
    /** A query that reads no table: it proves the database answers, and costs nothing. */
    async ping(): Promise<void> {
      await db.selectNoFrom((eb) => eb.lit(1).as('alive')).execute();
    },
  };
}

export type HealthRepository = ReturnType<typeof createHealthRepository>;
