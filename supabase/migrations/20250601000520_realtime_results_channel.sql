-- Realtime Authorization for the live results channel. The Today page joins a private channel
-- (`results-live-<n>`); Realtime lets a caller join a private topic only if a SELECT policy on
-- realtime.messages lets it read there, and send a broadcast only if an INSERT policy lets it
-- write. Visitors and users may receive on the results topics; there is deliberately no INSERT
-- policy, so no visitor can broadcast to the others (only the service role, which bypasses
-- row-level security, could). Postgres changes on the channel are still filtered by the
-- policies of lottery_results.
create policy "Visitors receive on the live results channel" on "realtime"."messages"
  for select to "anon", "authenticated"
  using (
    "realtime"."messages"."extension" = 'broadcast'
    and starts_with("realtime"."topic"(), 'results-live-')
  );
