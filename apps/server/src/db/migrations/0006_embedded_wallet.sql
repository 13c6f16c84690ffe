-- The embedded wallet (email and social login): its users and their keys, the identities
-- they log in with, the devices they logged in from, sessions, and the short-lived login flows.
-- Secrets are never stored as such: keys are AES-256-GCM ciphertext under the master key, codes
-- are keyed hashes (HMAC), tokens and device ids are SHA-256 hashes. Times are written by the
-- server (its clock, injectable in tests), so no column defaults to now() where a rule reads it.

-- One secp256k1 key per user, encrypted with the user's id as additional data: a ciphertext
-- copied onto another user's row does not decrypt.
create table wallet_users (
  id text primary key check (id ~ '^[0-9a-f-]{36}$'),
  address text not null unique check (address ~ '^0x[0-9a-fA-F]{40}$'),
  key_iv bytea not null check (length(key_iv) = 12),
  key_ciphertext bytea not null check (length(key_ciphertext) = 32),
  key_tag bytea not null check (length(key_tag) = 16),
  created_at timestamptz not null
);

-- How a user logs in: ('email', lower-cased address) or (social provider, the provider's subject).
-- One identity opens one user; a user may have several (email and social with a verified email).
create table wallet_identities (
  provider text not null check (provider in
    ('email', 'google', 'x', 'discord', 'apple', 'github', 'facebook', 'dev')),
  subject text not null check (length(subject) between 1 and 255),
  user_id text not null references wallet_users (id) on delete cascade,
  email text,
  email_verified boolean not null default false,
  username text,
  created_at timestamptz not null,
  primary key (provider, subject)
);

create index wallet_identities_user_idx on wallet_identities (user_id);

-- The devices (hash of the frame's random device id) a user completed a login on: a known user
-- on another device must approve it from a mailed link first.
create table wallet_devices (
  user_id text not null references wallet_users (id) on delete cascade,
  device_hash text not null check (device_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  last_login_at timestamptz not null,
  primary key (user_id, device_hash)
);

-- One email login attempt. For a known user on a new device it first waits for the mailed
-- approval link (approval_*); the code (code_*) is mailed then, or at once for a new device of
-- nobody. The 30 s cooldown and the per-email limit count these rows.
create table wallet_login_challenges (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  email text not null,
  device_hash text not null check (device_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null,
  approval_token_hash text unique check (approval_token_hash ~ '^[0-9a-f]{64}$'),
  approval_expires_at timestamptz,
  approved_at timestamptz,
  code_hash text check (code_hash ~ '^[0-9a-f]{64}$'),
  code_expires_at timestamptz,
  -- The fifth wrong code burns the challenge: the check is the backstop of that rule.
  failed_attempts integer not null default 0 check (failed_attempts between 0 and 5),
  used_at timestamptz,
  check ((approval_token_hash is null) = (approval_expires_at is null)),
  check ((code_hash is null) = (code_expires_at is null))
);

create index wallet_login_challenges_email_idx on wallet_login_challenges (email, created_at);
-- Pruning of old challenges walks this.
create index wallet_login_challenges_created_idx on wallet_login_challenges (created_at);

-- A change of a user's email: one code to the current address, one to the new, checked in that
-- order, each with its own count of wrong tries.
create table wallet_email_updates (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  user_id text not null references wallet_users (id) on delete cascade,
  current_email text not null,
  new_email text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  primary_code_hash text not null check (primary_code_hash ~ '^[0-9a-f]{64}$'),
  secondary_code_hash text not null check (secondary_code_hash ~ '^[0-9a-f]{64}$'),
  primary_failed_attempts integer not null default 0
    check (primary_failed_attempts between 0 and 5),
  secondary_failed_attempts integer not null default 0
    check (secondary_failed_attempts between 0 and 5),
  primary_verified_at timestamptz,
  completed_at timestamptz
);

create index wallet_email_updates_user_idx on wallet_email_updates (user_id, created_at);
create index wallet_email_updates_created_idx on wallet_email_updates (created_at);

-- A session of the frame, found by the SHA-256 of its bearer token. The identity it was opened
-- with tells the frame which social provider (if any) the user came through.
create table wallet_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id text not null references wallet_users (id) on delete cascade,
  identity_provider text not null,
  identity_subject text not null,
  device_hash text not null check (device_hash ~ '^[0-9a-f]{64}$'),
  project_id text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create index wallet_sessions_user_idx on wallet_sessions (user_id);
create index wallet_sessions_expires_idx on wallet_sessions (expires_at);

-- A social login in progress: what the callback needs to check the provider's answer (state,
-- nonce, PKCE verifier), then its outcome, handed once to the frame that knows the flow secret.
create table wallet_social_flows (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  secret_hash text not null check (secret_hash ~ '^[0-9a-f]{64}$'),
  provider text not null,
  project_id text not null,
  device_hash text not null check (device_hash ~ '^[0-9a-f]{64}$'),
  state text not null unique,
  nonce text not null,
  code_verifier text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  user_id text references wallet_users (id) on delete cascade,
  identity_subject text,
  error text,
  completed_at timestamptz,
  cancelled_at timestamptz,
  consumed_at timestamptz,
  check ((user_id is null) = (identity_subject is null))
);

create index wallet_social_flows_created_idx on wallet_social_flows (created_at);
