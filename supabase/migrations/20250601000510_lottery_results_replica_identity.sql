-- Realtime sends the old row of an UPDATE or DELETE as the table's replica identity carries it,
-- and matches a DELETE's filters against it. With `replica identity full` that was the whole old
-- row: a visitor holding one DELETE binding per digit and position learned an unpublished result
-- as an admin deleted it (which bindings matched is in the event), and an UPDATE that published
-- a draw showed its unpublished old values. The default identity is the primary key alone, which
-- is all the app needs to remove a deleted draw from its lists.
alter table "public"."lottery_results" replica identity default;
