-- Solana history, read per address on demand: GET /v1/account/{address}/history with a Solana
-- address asks the chain for the signatures newer than the last one seen, stores those
-- transactions once (every account's balance changes in them), and answers from these tables.
-- A restart resumes from the stored newest signature; every insert is idempotent, so two
-- instances syncing one address at once write each row once.

-- Each transaction seen, once per chain, whoever asked about it.
create table solana_transactions (
  chain text not null,
  signature text not null,
  slot bigint not null check (slot >= 0),
  -- Unix seconds of the block; null when the node does not know it.
  block_time bigint,
  fee_payer text not null,
  fee bigint not null check (fee >= 0),
  status text not null check (status in ('confirmed', 'failed')),
  -- The program of the first instruction: what an "execute" entry names as its target.
  first_program text not null,
  primary key (chain, signature)
);

-- How a transaction changed each owner's balances: lamports (mint '') net of the fee, and each
-- SPL token summed over the owner's token accounts. Only non-zero changes are kept.
create table solana_balance_changes (
  chain text not null,
  signature text not null,
  owner text not null,
  mint text not null,
  delta numeric not null,
  decimals integer not null check (decimals >= 0),
  primary key (chain, signature, owner, mint),
  foreign key (chain, signature) references solana_transactions (chain, signature) on delete cascade
);

-- Which transactions an address took part in. `seq` grows with each newer transaction of the
-- address, in the order the chain lists them: it orders the transactions of one slot.
create table solana_address_transactions (
  chain text not null,
  address text not null,
  signature text not null,
  slot bigint not null,
  seq bigint not null,
  primary key (chain, address, signature),
  foreign key (chain, signature) references solana_transactions (chain, signature) on delete cascade
);
create index solana_address_transactions_by_slot
  on solana_address_transactions (chain, address, slot desc, seq desc);

-- The newest signature stored for an address: the next sync asks only for newer ones.
create table solana_address_sync (
  chain text not null,
  address text not null,
  newest_signature text not null,
  synced_at timestamptz not null default now(),
  primary key (chain, address)
);
