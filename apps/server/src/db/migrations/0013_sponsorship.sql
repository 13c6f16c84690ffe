-- Sponsored gas: what each project pays for its visitors' user operations, and every operation the
-- server's paymaster signed for. Wei amounts are numeric(78, 0) (a uint256); addresses and hashes
-- lowercase 0x-hex. Times are written by the server's clock.

-- A project's policy; a project without one sponsors nothing.
create table sponsorship_policies (
  project_id text primary key references projects (id) on delete cascade,
  enabled boolean not null,
  -- The most it pays in one period (spent and reserved together).
  budget_wei numeric(78, 0) not null check (budget_wei >= 0),
  budget_period text not null check (budget_period in ('day', 'week', 'month')),
  -- The contracts an operation may call to be paid for; empty: any.
  allowed_targets text[] not null default '{}',
  -- The most one account (a visitor) is paid for in one UTC day; null: no cap.
  visitor_daily_cap_wei numeric(78, 0) check (visitor_daily_cap_wei >= 0),
  updated_at timestamptz not null
);

-- One row per signed sponsorship. Reserved at the most it can cost when signed (under the policy
-- row's lock, so parallel requests cannot together pass the budget); spent at what the EntryPoint
-- charged once the operation landed (one conditional update, so it is recorded once however often
-- it is seen); released when it can no longer land (its window passed, or its nonce went to
-- another operation).
create table sponsorships (
  chain_id bigint not null,
  user_op_hash text not null check (user_op_hash ~ '^0x[0-9a-f]{64}$'),
  project_id text not null,
  sender text not null check (sender ~ '^0x[0-9a-f]{40}$'),
  nonce numeric(78, 0) not null,
  status text not null check (status in ('reserved', 'spent', 'released')),
  max_cost_wei numeric(78, 0) not null check (max_cost_wei >= 0),
  actual_cost_wei numeric(78, 0),
  -- The chain's block when it was signed: its landing is looked for from there on.
  from_block bigint not null,
  valid_until timestamptz not null,
  tx_hash text check (tx_hash ~ '^0x[0-9a-f]{64}$'),
  created_at timestamptz not null,
  settled_at timestamptz,
  primary key (chain_id, user_op_hash),
  check ((status = 'spent') = (actual_cost_wei is not null))
);

-- A project's use in its period, and one visitor's in a day.
create index sponsorships_project_idx on sponsorships (project_id, created_at);
create index sponsorships_sender_idx on sponsorships (project_id, sender, created_at);
-- The settler's work: the reservations still open, per chain.
create index sponsorships_reserved_idx on sponsorships (chain_id, from_block) where status = 'reserved';
