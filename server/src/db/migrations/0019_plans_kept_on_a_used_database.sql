-- Issue 23: an audience request costs as much on a database in use as on a fresh one. Once
-- `requests` held played requests (a month of shows), PostgreSQL chose to plan statements of
-- submit_request afresh at every call, for the values at hand, over keeping one plan. With
-- 20,000 played requests over 100 musicians (`npm run bench:submission -- --history 20000`,
-- two runs each, taking turns) it took 2.3-2.9 ms of CPU a call back to back, against 1.3-1.5 ms
-- with this migration; on a fresh database 1.4-2.2 ms either way. A probe of the function alone
-- on PostgreSQL 15: 1.6-1.7 against 1.3 ms.

-- The no-repeats rule (migrations 0016 and 0018), which submit_request and the audience's song
-- list ask, as one small statement per step. As one statement, whose CASE held every rule's
-- query, it was planned afresh at each call: with 10,000 requests on record, 1.0-1.6 ms a call
-- on PGlite (0.5-0.7 ms on PostgreSQL 15) against 0.1-0.2 ms now. A musician who allows repeats
-- (the default) costs one read of their row. The rule is unchanged (a property test compares the
-- two): 'show' holds back a song played in the running show, 'hours' one played within
-- repeat_hours, and neither holds back a song one of whose requests waits in the running show
-- (asking again is a +1 on it).
CREATE OR REPLACE FUNCTION song_held_back_at(p_musician uuid, p_song uuid) RETURNS timestamptz
LANGUAGE plpgsql STABLE AS $$
DECLARE
  rule text;
  hours integer;
  running uuid;
BEGIN
  SELECT m.repeat_rule, m.repeat_hours INTO rule, hours FROM musicians m WHERE m.id = p_musician;
  IF rule IS DISTINCT FROM 'show' AND rule IS DISTINCT FROM 'hours' THEN
    RETURN NULL;
  END IF;
  SELECT s.id INTO running FROM shows s WHERE s.musician_id = p_musician AND s.status = 'active';
  IF rule = 'show' AND running IS NULL THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM requests w
      WHERE w.musician_id = p_musician AND w.song_id = p_song
        AND w.status IN ('pending', 'accepted', 'up_next') AND NOT w.blocked
        AND w.show_id IS NOT DISTINCT FROM running) THEN
    RETURN NULL;
  END IF;
  IF rule = 'show' THEN
    RETURN (SELECT max(r.played_at) FROM requests r
      WHERE r.musician_id = p_musician AND r.song_id = p_song AND r.status = 'played'
        AND NOT r.blocked AND r.show_id = running);
  END IF;
  RETURN (SELECT max(r.played_at) FROM requests r
    WHERE r.musician_id = p_musician AND r.song_id = p_song AND r.status = 'played'
      AND NOT r.blocked AND r.played_at > now() - make_interval(hours => hours));
END $$;--> statement-breakpoint
-- submit_request keeps one plan of each of its statements (and of the helpers it calls) for the
-- session, made from the table's statistics when it is first run and again after each ANALYZE
-- (the embedded database's housekeeping, PostgreSQL's autovacuum). With statistics gone stale
-- the kept plans did no worse than the ones made afresh (a probe: ANALYZE at 50 requests, then
-- 3,500 more: 2.7 to 4.9 ms a call kept, 2.3 to 6.3 ms made afresh).
ALTER FUNCTION submit_request(uuid, uuid, text, text, text, text, numeric, text, text, text,
  text, timestamptz, integer, integer, integer, integer) SET plan_cache_mode = force_generic_plan;
