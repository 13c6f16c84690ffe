-- The owner's dashboard logins. A row is a session: logging out deletes it, so the cookie a
-- browser kept opens nothing afterwards, on any instance. The key is an HMAC of the cookie's random
-- value under the admin token: the table alone opens no session, and a new token matches no row.
create table dashboard_sessions (
  key_hash text primary key,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index dashboard_sessions_expires_at on dashboard_sessions (expires_at);
