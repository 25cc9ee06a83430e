-- Issue 44: a request's admission and filing, the queue's positions, the no-repeats rule, the
-- blocklist's test and the playing set's test are decided in TypeScript (features/requests/
-- request-admission.ts and queue-positions.ts, submissions/), under a lock of the musician's
-- taken by the server (db/musician-lock.ts). The SQL functions that decided them go.
DROP FUNCTION submit_request(uuid, uuid, text, text, text, text, numeric, text, text, text,
  text, timestamptz, integer, integer, integer, integer);--> statement-breakpoint
DROP FUNCTION renumber_queue(uuid);--> statement-breakpoint
DROP FUNCTION song_held_back_at(uuid, uuid);--> statement-breakpoint
DROP FUNCTION requester_blocked(uuid, text, text);--> statement-breakpoint
DROP FUNCTION song_requestable(uuid);
