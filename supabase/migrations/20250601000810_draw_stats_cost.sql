-- The all-time statistics cost more than a page of results (ADR 020): a call reads every month's
-- totals and the draws of the partial months, and 64 clients asking for it at once would hold
-- every REST connection. PostgreSQL's own measure of that is the function's COST (estimated
-- execution cost in units of cpu_operator_cost; 100 for a PL/pgSQL function unless declared),
-- which the local stack's schema cache reads: a function declared at 1000 or more waits in the
-- costly admission lane (server/src/lib/postgrest/limits.ts COSTLY_FUNCTION), whatever its
-- arguments, as a COST cannot depend on them. Hosted PostgREST ignores it; the planner sees a
-- costlier call, which changes nothing for a function called alone. The owner may alter it, as
-- `postgres` does on hosted Supabase.
alter function "public"."draw_stats"(text) cost 10000;
