-- Smart sessions (ERC-7715): the permissions a site was granted on a visitor's smart account. The
-- chain (LatchSessionValidator) is what enforces them and what a session's status and usage are
-- read from; this table remembers what was asked, by which site, and when, so the account's owner
-- can list and revoke them. Addresses and ids lowercase 0x-hex; times unix seconds.
create table smart_sessions (
  chain_id bigint not null,
  pci text not null check (pci ~ '^0x[0-9a-f]{64}$'),
  account text not null check (account ~ '^0x[0-9a-f]{40}$'),
  -- The site that asked (its origin), as the wallet frame reported it.
  origin text not null,
  signer text not null check (signer ~ '^0x[0-9a-f]{40}$'),
  -- The ERC-7715 permissions as granted (contract calls and periodic limits).
  permissions jsonb not null,
  expiry bigint not null,
  granted_at bigint not null,
  -- The owner's revocation, when it was recorded (on chain by the embedded wallet, or signed).
  revoked_at bigint,
  primary key (chain_id, pci)
);

create index smart_sessions_account on smart_sessions (account, chain_id, granted_at);
