-- Per-project feature settings for GET /appkit/v1/config, keyed by feature id:
-- {"swap": {"isEnabled": false}, "social_login": {"config": ["google", "github"]}}.
-- Only what differs from the defaults is stored, so '{}' means the defaults and a feature
-- added in a later release takes its default on every existing project.
alter table projects
  add column features jsonb not null default '{}' check (jsonb_typeof(features) = 'object');
