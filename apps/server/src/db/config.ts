/** `postgres://...` for a PostgreSQL server, else a PGlite data dir (or `memory://`). */
export type DatabaseConfig =
  | { dialect: 'postgres'; url: string }
  | { dialect: 'pglite'; dataDir: string }
