-- The wallet registry that GET /getWallets pages through. The server upserts its catalogue
-- (src/registry/catalogue.ts) into this table at every start, as rows with source = 'catalogue'.
-- An operator adds a wallet with a plain insert (source defaults to 'operator', which the
-- start-up upsert never touches), takes a catalogue row over with
-- `update wallets set source = 'operator', ...`, and hides any wallet with `enabled = false`.
create table wallets (
  id text primary key check (id ~ '^[A-Za-z0-9_.-]{1,100}$'),
  name text not null check (length(name) between 1 and 100),
  homepage text,
  image_id text not null unique check (image_id ~ '^[A-Za-z0-9_.-]{1,100}$'),
  -- "order" in the API; gaps of 10 in the catalogue leave room to slot a wallet in between.
  display_order integer not null,
  mobile_link text,
  universal_link text,
  desktop_link text,
  webapp_link text,
  app_store text,
  play_store text,
  chrome_store text,
  rdns text,
  injected jsonb not null default '[]' check (jsonb_typeof(injected) = 'array'),
  -- CAIP-2 ids, checked here so a hand-written row cannot break the API's response schema.
  chains text[] not null default '{}'
    check (array_to_string(chains, ' ') ~ '^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}( |$))*$'),
  categories text[] not null default '{}',
  description text,
  badge_type text not null default 'none' check (badge_type in ('none', 'certified')),
  supports_wc boolean not null default true,
  enabled boolean not null default true,
  source text not null default 'operator' check (source in ('catalogue', 'operator')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index wallets_order_idx on wallets (display_order, id) where enabled;
-- `chains && $n` (supports any of the requested networks) uses this index.
create index wallets_chains_idx on wallets using gin (chains);
