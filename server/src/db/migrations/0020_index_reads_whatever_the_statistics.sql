-- Issue 23: the functions an audience request and a move of the queue run read one musician's
-- rows through the indexes made for them, whatever the planner last learned of the tables. Their
-- plans are kept for the session (PL/pgSQL, and migration 0019's generic plans), made from the
-- statistics of the last ANALYZE. An ANALYZE of a young table (the embedded database's
-- housekeeping in a quiet moment, 230 requests of 10 musicians) planned sequential scans of
-- `requests` for the waiting request, the minute's count and the place in the queue; nothing
-- analyses in a rush, so those plans read the whole table at every request as it grew: 2.5 to 5.2
-- ms of CPU a call of submit_request over the next 4,000 requests (2.1 to 5.1 under PostgreSQL's
-- default choice of plan), 1.3-2.2 ms throughout with sequential scans off; `bench:realtime` at
-- 600 a second after the quiet paces fell behind by seconds at 6.8-8.1 ms of CPU a request. With
-- enable_seqscan off a table is still read in sequence where no index serves the read; an index
-- serves every read of these functions.
ALTER FUNCTION submit_request(uuid, uuid, text, text, text, text, numeric, text, text, text,
  text, timestamptz, integer, integer, integer, integer) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION renumber_queue(uuid) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION song_held_back_at(uuid, uuid) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION requester_blocked(uuid, text, text) SET enable_seqscan = off;--> statement-breakpoint
ALTER FUNCTION song_requestable(uuid) SET enable_seqscan = off;
