-- The dashboard's daily rollup of analytics_events: one row per project, UTC day, event and the
-- fields the dashboard groups by, with the count and the last time seen. A day is rolled up once
-- it is over (by the first dashboard read after it), since events are stamped with the server's
-- clock when they arrive and a finished day gets no more; the last day or two are read raw.
create table analytics_daily (
  project_id text not null references projects (id) on delete cascade,
  day date not null,
  event text not null,
  -- '' where the event has no such field.
  method text not null,
  name text not null,
  chain text not null,
  connected text not null,
  message text not null,
  count bigint not null,
  last_seen timestamptz not null
);

create index analytics_daily_by_day on analytics_daily (project_id, event, day);

-- The days already rolled up per project: a day is written whole, once.
create table analytics_daily_done (
  project_id text not null references projects (id) on delete cascade,
  day date not null,
  primary key (project_id, day)
);
