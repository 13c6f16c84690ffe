-- Names: `<label>.<zone>`, registered by a signed message. The primary key decides who
-- owns a name when several register it at once: the first insert wins, the others find it taken.
-- Addresses are EIP-55 text, matched case-insensitively; coin types follow ENSIP-11.

create table names (
  name text primary key check (name = label || '.' || zone),
  label text not null check (label ~ '^[a-z0-9-]{4,63}$'),
  zone text not null check (zone = lower(zone)),
  -- Only the allowed keys (avatar, bio), checked by the server.
  attributes jsonb not null default '{}'::jsonb check (jsonb_typeof(attributes) = 'object'),
  registered_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A name's address per coin type. `verified`: the address itself signed for this name on that
-- coin type's chain (its registration, or an update it signed), so reverse lookups and identity
-- show the name for it; an address another address of the name set is a forward record only, so
-- no one can put their name on someone else's address.
create table name_addresses (
  name text not null references names (name),
  coin_type bigint not null check (coin_type between 0 and 4294967295),
  address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
  verified boolean not null,
  created_at timestamptz not null default now(),
  primary key (name, coin_type)
);

-- Reverse lookups and identity: the names of an address.
create index name_addresses_address_idx on name_addresses (lower(address));

-- Every change, append-only: what it was and became, and the signed message that made it.
create table name_changes (
  id bigint generated always as identity primary key,
  name text not null references names (name),
  kind text not null check (kind in ('register', 'attributes', 'address')),
  before jsonb,
  after jsonb not null,
  signer text not null,
  signer_coin_type bigint not null,
  message text not null,
  signature text not null,
  at timestamptz not null default now()
);

-- A signed message makes one change: replaying it within its time window finds it used. Also the
-- index of a name's history.
create unique index name_changes_name_message_idx on name_changes (name, md5(message));
