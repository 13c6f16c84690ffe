-- Transaction history, written by the indexer (src/indexer/) and read by
-- GET /v1/account/{address}/history. Addresses and hashes are lowercase 0x-hex text; block
-- times are unix seconds. Rows of a block and the checkpoint that covers it are written in one
-- transaction, so a reader never sees half a block and a restart resumes with no gap.

-- How far each chain is indexed: the last block written, and its hash.
create table indexer_checkpoints (
  chain_id bigint primary key,
  block_number bigint not null check (block_number >= 0),
  block_hash text not null check (block_hash ~ '^0x[0-9a-f]{64}$'),
  updated_at timestamptz not null default now()
);

-- The hashes of the last INDEXER_CONFIRMATIONS indexed blocks of each chain: every poll compares
-- them with the chain's to find a reorg. Older rows are pruned as the checkpoint moves on.
create table indexer_blocks (
  chain_id bigint not null,
  block_number bigint not null,
  block_hash text not null check (block_hash ~ '^0x[0-9a-f]{64}$'),
  primary key (chain_id, block_number)
);

-- Every mined transaction of an indexed block.
create table history_transactions (
  chain_id bigint not null,
  block_number bigint not null,
  tx_index integer not null check (tx_index >= 0),
  hash text not null check (hash ~ '^0x[0-9a-f]{64}$'),
  block_time bigint not null,
  sender text not null check (sender ~ '^0x[0-9a-f]{40}$'),
  -- The callee, or the contract a creation made.
  recipient text check (recipient ~ '^0x[0-9a-f]{40}$'),
  nonce bigint not null check (nonce >= 0),
  status text not null check (status in ('confirmed', 'failed')),
  -- The first 4 bytes of the call data ('0x' for a plain transfer): tells an approve apart.
  method_id text not null check (method_id ~ '^0x([0-9a-f]{8})?$'),
  primary key (chain_id, block_number, tx_index),
  -- The backstop against writing a transaction twice.
  unique (chain_id, hash)
);

-- Value moved by a transaction: the native coin (token null; top-level or internal, from a
-- trace) or an indexed ERC-20 (a Transfer log; WETH Deposit/Withdrawal as mint/burn).
create table history_transfers (
  chain_id bigint not null,
  block_number bigint not null,
  tx_index integer not null,
  -- Order within the transaction: the top-level value, then logs, then internal calls.
  position integer not null,
  token text check (token ~ '^0x[0-9a-f]{40}$'),
  sender text not null check (sender ~ '^0x[0-9a-f]{40}$'),
  recipient text not null check (recipient ~ '^0x[0-9a-f]{40}$'),
  amount numeric(78, 0) not null check (amount > 0),
  primary key (chain_id, block_number, tx_index, position),
  foreign key (chain_id, block_number, tx_index)
    references history_transactions on delete cascade
);

-- Who a transaction concerns: its sender and each side of its transfers (not the zero address).
-- The history of one address is a backward walk of history_participants_address_idx.
create table history_participants (
  address text not null check (address ~ '^0x[0-9a-f]{40}$'),
  chain_id bigint not null,
  block_number bigint not null,
  tx_index integer not null,
  block_time bigint not null,
  primary key (chain_id, block_number, tx_index, address),
  foreign key (chain_id, block_number, tx_index)
    references history_transactions on delete cascade
);

-- Newest first: the page order and the keyset of the history cursor.
create index history_participants_address_idx
  on history_participants (address, block_time desc, block_number desc, tx_index desc, chain_id desc);
