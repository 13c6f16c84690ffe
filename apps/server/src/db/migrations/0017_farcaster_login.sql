-- Log in with Farcaster: each login's relay channel and nonce (used once), and the profile a
-- Farcaster identity shows (its display name and avatar, beside the username identities keep).
create table wallet_farcaster_flows (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
  project_id text not null,
  device_hash text not null check (device_hash ~ '^[0-9a-f]{64}$'),
  channel_token text not null,
  nonce text not null unique,
  domain text not null,
  url text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  -- How it ended: connected, declined, expired, refused (a message failed a check), cancelled.
  outcome text check (outcome in ('connected', 'declined', 'expired', 'refused', 'cancelled')),
  error text,
  finished_at timestamptz,
  check ((outcome is null) = (finished_at is null))
);

create index wallet_farcaster_flows_created_idx on wallet_farcaster_flows (created_at);

alter table wallet_identities add column display_name text;
alter table wallet_identities add column avatar_url text;

-- A Farcaster login is an identity too: its subject is the fid.
alter table wallet_identities drop constraint wallet_identities_provider_check;
alter table wallet_identities add constraint wallet_identities_provider_check check (provider in
  ('email', 'google', 'x', 'discord', 'apple', 'github', 'facebook', 'dev', 'farcaster'));
