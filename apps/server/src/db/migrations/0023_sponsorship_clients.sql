-- Sponsorship per client: who asked for each reservation, so one client (an IP, an embedded
-- wallet's user) holds no more than a share of a project's budget in open reservations, counted
-- the same by every server instance. Rows signed before this have no client and count against
-- none.
alter table sponsorships add column client_key text;

-- The share of its budget one client may hold in open reservations, in percent (the server's
-- default when it was added: SPONSORSHIP_CLIENT_SHARE_PERCENT).
alter table sponsorship_policies add column client_share_percent smallint not null default 10
  check (client_share_percent between 1 and 100);

-- What one client holds open in a project (read under the policy row's lock on every signing).
create index sponsorships_client_idx on sponsorships (project_id, client_key, valid_until)
  where status = 'reserved';
