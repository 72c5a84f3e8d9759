-- Draws outside 2000-01-01..2099-12-31 (ADR 020), and how to finish the constraint.
--
-- Migration 20250601000800_draw_date_range adds lottery_results_draw_date_range NOT VALID when
-- older rows lie outside the range (its WARNING lists them): new and edited rows are checked,
-- those rows are not. Run this in the dashboard's SQL editor (or psql as postgres).

-- 1. Is the constraint still NOT VALID, and which rows hold it back?
select c.convalidated as "validated"
  from pg_catalog.pg_constraint c
 where c.conrelid = 'public.lottery_results'::regclass
   and c.conname = 'lottery_results_draw_date_range';

select r.id, r.draw_date, r.draw_hour, r.first_prize, r.created_by, r.created_at
  from public.lottery_results r
 where not (r.draw_date between date '2000-01-01' and date '2099-12-31')
 order by r.draw_date, r.draw_hour;

-- 2. Correct each date, or delete the row (an edit that keeps a bad date is refused):
--   update public.lottery_results set draw_date = date '2026-11-23' where id = '<id>';
--   delete from public.lottery_results where id = '<id>';

-- 3. Then check every row once more and mark the constraint valid:
--   alter table public.lottery_results validate constraint lottery_results_draw_date_range;
