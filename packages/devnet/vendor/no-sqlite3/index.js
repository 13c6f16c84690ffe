// chopsticks opens SQLite only for its --db cache, which the devnet never passes; reaching this
// means someone did, and it says so instead of failing somewhere inside typeorm.
throw new Error(
  'sqlite3 is not installed: the Latch devnet runs chopsticks without --db (see packages/devnet/vendor/no-sqlite3)',
)
