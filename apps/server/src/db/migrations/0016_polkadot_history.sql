-- Polkadot history, indexed block by block from each chain's events: every signed extrinsic (so a
-- submitted transfer's inclusion and outcome can be told) and every Balances.Transfer event (the
-- history of the accounts on both sides). Each block's rows and the cursor move in one
-- transaction, and every insert is idempotent, so a restart resumes at the next block with no gap
-- and no duplicate, and two instances indexing one chain write each row once.

-- Per chain, the next block to read.
create table polkadot_sync (
  chain text primary key,
  next_block bigint not null check (next_block >= 0)
);

create table polkadot_extrinsics (
  chain text not null,
  block_number bigint not null check (block_number >= 0),
  extrinsic_index integer not null check (extrinsic_index >= 0),
  block_hash text not null check (block_hash ~ '^0x[0-9a-f]{64}$'),
  hash text not null check (hash ~ '^0x[0-9a-f]{64}$'),
  -- The signer's 32-byte account id, hex: the same account under every SS58 prefix.
  signer text not null check (signer ~ '^0x[0-9a-f]{64}$'),
  nonce bigint not null check (nonce >= 0),
  success boolean not null,
  -- Unix milliseconds of the block (its Timestamp.set).
  block_time bigint not null,
  primary key (chain, block_number, extrinsic_index)
);
create index polkadot_extrinsics_hash on polkadot_extrinsics (chain, hash);

create table polkadot_transfers (
  chain text not null,
  block_number bigint not null check (block_number >= 0),
  event_index integer not null check (event_index >= 0),
  -- The extrinsic that caused it; null for a transfer no signed extrinsic made (a hook's).
  extrinsic_hash text check (extrinsic_hash ~ '^0x[0-9a-f]{64}$'),
  nonce bigint,
  from_account text not null check (from_account ~ '^0x[0-9a-f]{64}$'),
  to_account text not null check (to_account ~ '^0x[0-9a-f]{64}$'),
  -- Planck.
  amount numeric not null check (amount >= 0),
  block_time bigint not null,
  primary key (chain, block_number, event_index)
);
create index polkadot_transfers_from on polkadot_transfers (chain, from_account, block_number desc, event_index desc);
create index polkadot_transfers_to on polkadot_transfers (chain, to_account, block_number desc, event_index desc);
