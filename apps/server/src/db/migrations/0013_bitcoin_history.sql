-- Bitcoin history, read per address on demand from the chain's Esplora API, as Solana's is:
-- GET /v1/account/{address}/history with a Bitcoin address lists the address's confirmed
-- transactions newer than the newest one stored, stores them once, and answers from these tables.
-- A restart resumes from the stored newest transaction; every write is idempotent, so two
-- instances syncing one address at once write each row once.

-- Each confirmed transaction seen, once per chain, whoever asked about it.
create table bitcoin_transactions (
  chain text not null,
  txid text not null check (txid ~ '^[0-9a-f]{64}$'),
  block_height bigint not null check (block_height >= 0),
  block_hash text not null,
  -- Unix seconds of the block's header.
  block_time bigint not null,
  -- Satoshis: what the inputs held beyond the outputs.
  fee bigint not null check (fee >= 0),
  primary key (chain, txid)
);

-- An address's part in a transaction: what its coins paid in (sent) and what outputs paid it
-- (received), in satoshis, and the first other address on the other side. `seq` grows with each
-- newer transaction of the address, in the order the API lists them: it orders one block's.
create table bitcoin_address_transactions (
  chain text not null,
  address text not null,
  txid text not null,
  block_height bigint not null,
  seq bigint not null,
  sent numeric not null check (sent >= 0),
  received numeric not null check (received >= 0),
  counterparty text not null,
  -- Every output paid the address itself (a consolidation).
  to_self boolean not null,
  primary key (chain, address, txid),
  foreign key (chain, txid) references bitcoin_transactions (chain, txid) on delete cascade
);
create index bitcoin_address_transactions_by_height
  on bitcoin_address_transactions (chain, address, block_height desc, seq desc);

-- The newest confirmed transaction stored for an address, and its block: the next sync reads
-- only what the API lists above it.
create table bitcoin_address_sync (
  chain text not null,
  address text not null,
  newest_txid text not null,
  newest_block_hash text not null,
  synced_at timestamptz not null default now(),
  primary key (chain, address)
);
