-- The on-ramp: quotes the server gave, and the sandbox provider's orders. Fiat amounts
-- are integer cents; token amounts integer strings in the token's smallest unit; addresses and
-- hashes lowercase 0x-hex. Times are written by the server's clock.

-- A priced quote: the sandbox charges exactly it while it is valid.
create table onramp_quotes (
  id text primary key check (id ~ '^[0-9a-f-]{36}$'),
  project_id text not null,
  provider text not null check (provider in ('coinbase', 'meld', 'sandbox')),
  payment_method text not null check (payment_method in ('card', 'ach')),
  payment_currency text not null,
  payment_total_cents bigint not null check (payment_total_cents > 0),
  provider_fee_cents bigint not null check (provider_fee_cents >= 0),
  network_fee_cents bigint not null check (network_fee_cents >= 0),
  purchase_currency text not null,
  chain_id bigint not null,
  -- Null for the chain's native coin.
  token_address text check (token_address ~ '^0x[0-9a-f]{40}$'),
  decimals integer not null check (decimals between 0 and 255),
  purchase_amount text not null check (purchase_amount ~ '^[0-9]+$'),
  created_at timestamptz not null,
  expires_at timestamptz not null
);

create index onramp_quotes_expires_idx on onramp_quotes (expires_at);

-- A sandbox order: created with its checkout, paid once (created -> pending by one conditional
-- update), then paid out by the payout worker (pending -> completed or failed). The signed
-- transfer is stored before it is broadcast, so a restarted server sends that one and no other.
create table onramp_orders (
  id text primary key check (id ~ '^[0-9a-f-]{36}$'),
  project_id text not null,
  provider text not null check (provider in ('coinbase', 'meld', 'sandbox')),
  quote_id text references onramp_quotes (id),
  status text not null check (status in ('created', 'pending', 'completed', 'failed')),
  payment_currency text not null,
  payment_total_cents bigint not null check (payment_total_cents > 0),
  provider_fee_cents bigint not null check (provider_fee_cents >= 0),
  network_fee_cents bigint not null check (network_fee_cents >= 0),
  purchase_currency text not null,
  chain_id bigint not null,
  token_address text check (token_address ~ '^0x[0-9a-f]{40}$'),
  decimals integer not null check (decimals between 0 and 255),
  purchase_amount text not null check (purchase_amount ~ '^[0-9]+$'),
  -- Where the tokens go.
  address text not null check (address ~ '^0x[0-9a-f]{40}$'),
  payment_method text check (payment_method in ('card', 'ach')),
  -- The provider's message for the last refused payment; the order stays open.
  payment_error text,
  failure_reason text,
  -- The payout: the treasury that signed it, its nonce, the signed transaction and its hash.
  sender text check (sender ~ '^0x[0-9a-f]{40}$'),
  tx_nonce bigint,
  raw_tx text check (raw_tx ~ '^0x[0-9a-f]+$'),
  tx_hash text check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  expires_at timestamptz not null,
  paid_at timestamptz,
  settled_at timestamptz,
  check ((status = 'created') = (paid_at is null)),
  check ((raw_tx is null) = (tx_hash is null))
);

-- The payout worker takes paid orders in the order they were paid.
create index onramp_orders_pending_idx on onramp_orders (paid_at) where status = 'pending';
-- `?onramp=` history lists, newest paid first.
create index onramp_orders_address_idx on onramp_orders (address, provider, paid_at desc, id desc);
-- Expired quotes are pruned unless an order was made from them.
create index onramp_orders_quote_idx on onramp_orders (quote_id);
-- The account's history marks the transfer that delivered an order.
create index onramp_orders_tx_hash_idx on onramp_orders (tx_hash);

-- Each submitted checkout form, by the idempotency key its page carried: a form submitted twice
-- is handled once.
create table onramp_payment_attempts (
  order_id text not null references onramp_orders (id),
  idempotency_key text not null check (idempotency_key ~ '^[A-Za-z0-9_-]{16,64}$'),
  payment_method text not null check (payment_method in ('card', 'ach')),
  created_at timestamptz not null,
  primary key (order_id, idempotency_key)
);
