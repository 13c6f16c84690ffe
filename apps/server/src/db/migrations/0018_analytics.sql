-- Usage and error events the kit sends (POST /e one at a time, POST /batch in batches), one row
-- each, so a project's owner can read the connect funnel and the errors their visitors meet.
-- A client may resend a batch it is unsure was stored (a beacon on unload, a retry): the event's
-- own id makes the second copy a no-op.
create table analytics_events (
  project_id text not null references projects (id) on delete cascade,
  event_id text not null,
  -- 'track' for product analytics, 'error' for the kit's error telemetry.
  type text not null check (type in ('track', 'error')),
  event text not null,
  -- The page, as the kit reported it: its URL without query or fragment, and its host.
  url text not null,
  domain text not null,
  -- When the kit says it happened (its clock), and when the server stored it (ours). Charts bucket
  -- by received_at: a visitor's clock can be anything.
  occurred_at timestamptz not null,
  received_at timestamptz not null default now(),
  -- The event's own fields (method, wallet name, chain, error message, view, kit version).
  props jsonb not null default '{}',
  primary key (project_id, event_id)
);

create index analytics_events_by_time on analytics_events (project_id, received_at);
create index analytics_events_by_event on analytics_events (project_id, event, received_at);
