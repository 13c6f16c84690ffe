-- Sign-in with the wallet (SIWX, EIP-4361): the nonces the server hands out and the sessions a
-- verified sign-in creates. Addresses are EIP-55 text; a session is found by the SHA-256 of its
-- bearer token, never the token itself.

-- A nonce is single use: verifying a message marks it used in the transaction that creates the
-- session, so a replayed message finds it used.
create table siwx_nonces (
  nonce text primary key check (nonce ~ '^[A-Za-z0-9]{16,}$'),
  project_id text not null references projects (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Pruning of expired nonces walks this.
create index siwx_nonces_expires_at_idx on siwx_nonces (expires_at);

-- A sign-in session: the message as signed and its signature are kept.
create table siwx_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  project_id text not null references projects (id) on delete cascade,
  address text not null check (address ~ '^0x[0-9a-fA-F]{40}$'),
  chain_id bigint not null check (chain_id > 0),
  domain text not null,
  uri text not null,
  -- The backstop against one nonce opening two sessions.
  nonce text not null unique,
  message text not null,
  signature text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);

create index siwx_sessions_project_address_idx on siwx_sessions (project_id, address);
