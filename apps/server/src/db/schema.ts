/**
 * The database's tables as Kysely sees them. Each migration that adds a table adds its interface here.
 */

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface DatabaseSchema {
  app_meta: AppMetaTable;
}
