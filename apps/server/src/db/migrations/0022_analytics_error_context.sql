-- The dashboard lists each error with the views and kit versions it occurred in, beside its chains:
-- the rollup keeps both fields. Days rolled up before this keep their counts, with '' for both
-- (their raw events may be past retention already, so they are not rolled up again).
alter table analytics_daily add column view text not null default '';
alter table analytics_daily add column version text not null default '';
