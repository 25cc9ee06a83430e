-- Issue 23: an audience request is one statement, and its cost no longer grows with the
-- musician's history.

-- The requests that hold a place in the queue: open ones, and those played, rejected or blocked
-- since renumber_queue last ran (they lose it). A few rows a musician, where the musician's
-- other indexes hold every request they ever had.
CREATE INDEX "requests_musician_positioned_idx" ON "requests" ("musician_id")
  WHERE "queue_position" IS NOT NULL;--> statement-breakpoint
-- renumber_queue (migration 0014), reading only the musician's open requests and those leaving
-- the queue. It joined every request the musician ever had to the open ones, which the planner
-- of a never-analysed table (PGlite has no autovacuum) did as a nested loop: 31-35 ms with 2,000
-- requests of one musician, and growing with each.
CREATE OR REPLACE FUNCTION renumber_queue(p_musician uuid) RETURNS SETOF uuid
LANGUAGE plpgsql AS $$
DECLARE
  mode text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('queue_order'), hashtext(p_musician::text));
  SELECT m.queue_order INTO mode FROM musicians m WHERE m.id = p_musician;
  IF mode IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
  WITH open_requests AS (
    SELECT r.id, r.queue_position AS old_pos, r.queue_rank, r.status = 'up_next' AS up_next,
      row_number() OVER (
        PARTITION BY r.status = 'up_next'
        ORDER BY
          CASE
            WHEN r.status = 'up_next' OR mode = 'manual' THEN r.queue_rank
            WHEN mode = 'votes' THEN -r.votes::double precision
            WHEN mode = 'tips' THEN -r.tip_amount::double precision
            ELSE 0
          END,
          r.created_at, r.id
      )::integer AS pos
    FROM requests r
    WHERE r.musician_id = p_musician AND NOT r.blocked
      AND r.status IN ('pending', 'accepted', 'up_next')
  ),
  left_queue AS (
    SELECT r.id, r.queue_position AS old_pos, r.queue_rank, true AS up_next, NULL::integer AS pos
    FROM requests r
    WHERE r.musician_id = p_musician AND r.queue_position IS NOT NULL
      AND (r.blocked OR r.status NOT IN ('pending', 'accepted', 'up_next'))
  ),
  due AS (
    SELECT w.* FROM (SELECT * FROM open_requests UNION ALL SELECT * FROM left_queue) w
    WHERE w.old_pos IS DISTINCT FROM w.pos
      OR (mode <> 'manual' AND NOT w.up_next AND w.queue_rank <> w.pos)
  ),
  changed AS (
    UPDATE requests r SET
      queue_position = d.pos,
      queue_rank = CASE WHEN mode <> 'manual' AND NOT d.up_next THEN d.pos ELSE r.queue_rank END,
      updated_at = CASE WHEN r.queue_position IS DISTINCT FROM d.pos
        THEN greatest(clock_timestamp(), r.updated_at + interval '1 millisecond')
        ELSE r.updated_at END
    FROM due d
    WHERE r.id = d.id
    RETURNING r.id, d.old_pos IS DISTINCT FROM d.pos AS moved
  )
  SELECT changed.id FROM changed WHERE changed.moved;
END $$;
--> statement-breakpoint
-- The blocklist's test: whether the musician blocked the requester with this email (lower-cased
-- by the caller, '' for none) or this device ('' for none). Asked where a request or a
-- suggestion is filed and by the blocklist feature (server/src/submissions/blocked-requester-sql.ts).
CREATE FUNCTION requester_blocked(p_musician uuid, p_email_lower text, p_device_id text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM blocked_requesters b
    WHERE b.musician_id = p_musician
      AND ((p_email_lower <> '' AND lower(b.email) = p_email_lower)
        OR (p_device_id <> '' AND b.device_id = p_device_id)))
$$;--> statement-breakpoint
-- Whether the audience may request the song now: any song while no public playlist is active,
-- else only songs of public playlists. NULL for an unknown song (features/playlists).
CREATE FUNCTION song_requestable(p_song uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM playlists a
      WHERE a.musician_id = s.musician_id AND a.is_active AND a.is_public)
    OR EXISTS (SELECT 1 FROM playlist_songs ps JOIN playlists p ON p.id = ps.playlist_id
      WHERE ps.song_id = s.id AND p.is_public)
  FROM songs s WHERE s.id = p_song
$$;--> statement-breakpoint
DROP FUNCTION file_request(uuid, text, text, text, numeric, text, text, text, boolean, text,
  integer, integer, integer, integer);--> statement-breakpoint
-- An audience request, admitted, filed and answered in one statement (file_request of
-- migrations 0009 and 0016, with the admission the server read before it in a statement of its
-- own, and the re-read of the request after it): one round trip into the database, where there
-- were four. Everything is decided under the musician's lock, in the order the server answers:
-- a retry; a hidden song or requests off; outside the request window (at p_now, the server's
-- clock); a song outside the playing set; no repeats; the blocklist; the same person's request
-- already waiting; the requester's limit, the musician's budget and this address's share of it;
-- then a +1 on the song's waiting request, or a new request at the end of the queue.
--
-- p_musician is the owner the server expects: the status token and the source it hands in are
-- keyed with it. For a song of another musician nothing is filed: 'owner' names the real one.
-- A new request comes back as the musician's devices see it (its voters and social clicks are
-- none yet); a +1, a blocked requester's request and the refusals come back as their outcome.
CREATE FUNCTION submit_request(
  p_musician uuid,
  p_song_id uuid,
  p_requester_name text,
  p_requester_email text,
  p_requester_email_lower text,
  p_dedication text,
  p_tip_amount numeric,
  p_device_id text,
  p_idempotency_key text,
  p_status_token_hash text,
  p_source text,
  p_now timestamptz,
  p_window_minutes integer,
  p_per_requester integer,
  p_per_musician integer,
  p_per_source integer
) RETURNS TABLE (
  outcome text,
  musician_id uuid,
  request_id uuid,
  song_hidden boolean,
  requests_enabled boolean,
  requests_open_at timestamptz,
  requests_close_at timestamptz,
  wait_seconds float8,
  played_at timestamptz,
  moved uuid[],
  -- The new request as the musician's devices see it.
  song_id uuid,
  song_title text,
  song_artist text,
  requester_name text,
  requester_email text,
  dedication text,
  status text,
  tip_amount numeric,
  tip_clicked boolean,
  show_id uuid,
  show_name text,
  created_at timestamptz,
  updated_at timestamptz,
  votes integer,
  queue_position integer
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  owner uuid;
  song record;
  blocked boolean;
  target uuid;
  target_is_mine boolean;
  mine uuid;
  wait float8;
  minute interval := interval '1 minute';
  requester_window interval := make_interval(mins => p_window_minutes);
  place integer;
  last boolean;
  in_minute bigint;
  from_source bigint;
  filed requests;
BEGIN
  -- One submission of a musician at a time from here to the end of the statement: its own
  -- key space (two keys), apart from the song list's lock on hashtext(musician) alone, so an
  -- import does not hold up the audience. (Taken for the musician handed in: for a song of
  -- another, it holds up no one and nothing is filed.)
  PERFORM pg_advisory_xact_lock(hashtext('file_request'), hashtext(p_musician::text));

  -- The song, its musician's settings and running show, and every test that counts nothing, in
  -- one statement: each statement costs PGlite more than the reads it asks for.
  SELECT s.id, s.musician_id, s.title, s.artist, s.hidden, m.requests_enabled,
    m.requests_open_at, m.requests_close_at, m.queue_order, sh.id AS show_id,
    sh.name AS show_name,
    p_idempotency_key IS NOT NULL AND (
      EXISTS (SELECT 1 FROM requests r
        WHERE r.musician_id = s.musician_id AND r.idempotency_key = p_idempotency_key)
      OR EXISTS (SELECT 1 FROM request_voters v
        WHERE v.musician_id = s.musician_id AND v.idempotency_key = p_idempotency_key)
    ) AS key_used,
    song_requestable(s.id) AS requestable,
    song_held_back_at(s.musician_id, s.id) AS held_since,
    requester_blocked(s.musician_id, p_requester_email_lower, p_device_id) AS blocked
  INTO song
  FROM songs s
  JOIN musicians m ON m.id = s.musician_id
  LEFT JOIN shows sh ON sh.musician_id = s.musician_id AND sh.status = 'active'
  WHERE s.id = p_song_id
  FOR UPDATE OF s;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  owner := song.musician_id;
  musician_id := owner;
  IF owner <> p_musician THEN
    outcome := 'owner';
    RETURN NEXT;
    RETURN;
  END IF;

  -- A retry is answered before any limit: it was counted the first time.
  IF song.key_used THEN
    outcome := 'replay';
    RETURN NEXT;
    RETURN;
  END IF;
  IF song.hidden OR NOT song.requests_enabled THEN
    outcome := 'unavailable';
    song_hidden := song.hidden;
    requests_enabled := song.requests_enabled;
    RETURN NEXT;
    RETURN;
  END IF;
  -- The request window, as server/src/musicians/request-window.ts reads it (insideWindow).
  IF NOT ((song.requests_open_at IS NULL OR song.requests_open_at <= p_now)
      AND (song.requests_close_at IS NULL OR p_now < song.requests_close_at)) THEN
    outcome := 'closed';
    requests_open_at := song.requests_open_at;
    requests_close_at := song.requests_close_at;
    RETURN NEXT;
    RETURN;
  END IF;
  IF NOT song.requestable THEN
    outcome := 'not_in_set';
    RETURN NEXT;
    RETURN;
  END IF;
  IF song.held_since IS NOT NULL THEN
    outcome := 'repeat';
    played_at := song.held_since;
    RETURN NEXT;
    RETURN;
  END IF;
  blocked := song.blocked;

  -- The request of this song waiting in this show, and whether this requester filed it (a
  -- blocked requester's is stored apart: never merged, never counted on the song).
  SELECT r.id, (lower(r.requester_email) = lower(p_requester_email)
      OR (p_device_id <> '' AND r.device_id = p_device_id))
  INTO target, target_is_mine
  FROM requests r
  WHERE r.musician_id = owner AND r.song_id = song.id
    AND r.status IN ('pending', 'accepted', 'up_next') AND NOT r.blocked
    AND r.show_id IS NOT DISTINCT FROM song.show_id
  ORDER BY r.created_at, r.id
  LIMIT 1
  FOR UPDATE OF r;

  -- A +1 is one person: the same requester (email or device) asking again for a song of theirs
  -- still waiting, filed or joined, gets that request back, counting nothing. A blocked
  -- requester's own waiting request answers the same way, so the answer cannot tell them they
  -- are blocked.
  IF blocked THEN
    SELECT r.id INTO mine
    FROM requests r
    WHERE r.musician_id = owner AND r.song_id = song.id
      AND r.status IN ('pending', 'accepted', 'up_next') AND r.blocked
      AND r.show_id IS NOT DISTINCT FROM song.show_id
      AND (lower(r.requester_email) = lower(p_requester_email)
        OR (p_device_id <> '' AND r.device_id = p_device_id))
    ORDER BY r.created_at, r.id
    LIMIT 1;
  ELSIF target IS NOT NULL AND (target_is_mine OR EXISTS (
    SELECT 1 FROM request_voters v WHERE v.request_id = target
      AND (lower(v.requester_email) = lower(p_requester_email)
        OR (p_device_id <> '' AND v.device_id = p_device_id)))) THEN
    mine := target;
  END IF;
  IF mine IS NOT NULL THEN
    outcome := 'already';
    request_id := mine;
    RETURN NEXT;
    RETURN;
  END IF;

  -- The requester's own limit (a request and a +1 count alike), then the musician's budget for
  -- everyone over the last minute, then this address's share of it: the seconds until the
  -- oldest of the last `max` leaves the window, if `max` are in it. In one statement:
  -- - the requester's: their own rows only, through the email and the device indexes (a row of
  --   both counted once), where an OR read every request of the musician's window;
  -- - the budget and the share counted in one pass over the musician's last minute; only a count
  --   that reached its limit is read again, newest first, for the wait.
  SELECT (
    SELECT extract(epoch FROM (recent.created_at + requester_window - now()))::float8
    FROM (
      (SELECT 'request' AS kind, r.id, r.created_at FROM requests r
        WHERE r.musician_id = owner AND lower(r.requester_email) = lower(p_requester_email)
          AND r.created_at > now() - requester_window
        ORDER BY r.created_at DESC LIMIT p_per_requester)
      UNION
      (SELECT 'request', r.id, r.created_at FROM requests r
        WHERE p_device_id <> '' AND r.musician_id = owner AND r.device_id = p_device_id
          AND r.created_at > now() - requester_window
        ORDER BY r.created_at DESC LIMIT p_per_requester)
      UNION
      (SELECT 'voter', v.id, v.created_at FROM request_voters v
        WHERE v.musician_id = owner AND lower(v.requester_email) = lower(p_requester_email)
          AND v.created_at > now() - requester_window
        ORDER BY v.created_at DESC LIMIT p_per_requester)
      UNION
      (SELECT 'voter', v.id, v.created_at FROM request_voters v
        WHERE p_device_id <> '' AND v.musician_id = owner AND v.device_id = p_device_id
          AND v.created_at > now() - requester_window
        ORDER BY v.created_at DESC LIMIT p_per_requester)
    ) recent
    ORDER BY recent.created_at DESC OFFSET p_per_requester - 1 LIMIT 1
  ), count(*), count(*) FILTER (WHERE minute_rows.source = p_source)
  INTO wait, in_minute, from_source
  FROM (
    SELECT r.source FROM requests r
    WHERE r.musician_id = owner AND r.created_at > now() - minute
    UNION ALL
    SELECT v.source FROM request_voters v
    WHERE v.musician_id = owner AND v.created_at > now() - minute
  ) minute_rows;
  IF wait IS NOT NULL THEN
    outcome := 'requester_limit';
    wait_seconds := wait;
    RETURN NEXT;
    RETURN;
  END IF;
  IF in_minute >= p_per_musician THEN
    SELECT extract(epoch FROM (recent.created_at + minute - now()))::float8 INTO wait
    FROM (
      (SELECT r.created_at FROM requests r
        WHERE r.musician_id = owner AND r.created_at > now() - minute
        ORDER BY r.created_at DESC LIMIT p_per_musician)
      UNION ALL
      (SELECT v.created_at FROM request_voters v
        WHERE v.musician_id = owner AND v.created_at > now() - minute
        ORDER BY v.created_at DESC LIMIT p_per_musician)
    ) recent
    ORDER BY recent.created_at DESC OFFSET p_per_musician - 1 LIMIT 1;
  END IF;
  IF wait IS NULL AND from_source >= p_per_source THEN
    SELECT extract(epoch FROM (recent.created_at + minute - now()))::float8 INTO wait
    FROM (
      (SELECT r.created_at FROM requests r
        WHERE r.musician_id = owner AND r.source = p_source
          AND r.created_at > now() - minute
        ORDER BY r.created_at DESC LIMIT p_per_source)
      UNION ALL
      (SELECT v.created_at FROM request_voters v
        WHERE v.musician_id = owner AND v.source = p_source
          AND v.created_at > now() - minute
        ORDER BY v.created_at DESC LIMIT p_per_source)
    ) recent
    ORDER BY recent.created_at DESC OFFSET p_per_source - 1 LIMIT 1;
  END IF;
  IF wait IS NOT NULL THEN
    outcome := 'musician_limit';
    wait_seconds := wait;
    RETURN NEXT;
    RETURN;
  END IF;

  IF NOT blocked THEN
    UPDATE songs SET request_count = request_count + 1 WHERE id = song.id;
  END IF;

  IF target IS NOT NULL AND NOT blocked THEN
    INSERT INTO request_voters (request_id, musician_id, requester_name, requester_email,
      dedication, tip_amount, device_id, idempotency_key, status_token_hash, source)
    VALUES (target, owner, p_requester_name, p_requester_email, p_dedication,
      p_tip_amount, p_device_id, p_idempotency_key, p_status_token_hash, p_source);
    -- Tips on a merged request add up, within the $500 the table allows one request (each
    -- person's own tip stays on their +1).
    UPDATE requests
    SET votes = votes + 1, updated_at = now(), tip_amount = least(tip_amount + p_tip_amount, 500)
    WHERE id = target;
    -- A +1 or a tip may move it up (queue order by votes or tips).
    outcome := 'merged';
    request_id := target;
    moved := ARRAY(SELECT renumber_queue(owner));
    RETURN NEXT;
    RETURN;
  END IF;

  -- A new request waits at the end of the queue: it is inserted there. Every change to the
  -- queue renumbers it at once, so the others are in order already, and the new request is last
  -- by every order but two: a tip under 'tips' moves it up, and under 'manual' the musician's
  -- ranks decide. Nor is it last when a request of the queue is newer (a submission that took
  -- the lock before this one, begun after it): renumber_queue then puts each where it belongs.
  IF NOT blocked THEN
    -- renumber_queue's lock: no move or status change of the queue runs between the count and
    -- the commit.
    PERFORM pg_advisory_xact_lock(hashtext('queue_order'), hashtext(owner::text));
    SELECT count(*) + 1, max(r.created_at) < now() INTO place, last
    FROM requests r
    WHERE r.musician_id = owner AND NOT r.blocked AND r.status IN ('pending', 'accepted');
  END IF;
  INSERT INTO requests (musician_id, song_id, show_id, song_title, song_artist, requester_name,
    requester_email, dedication, tip_amount, idempotency_key, status_token_hash, device_id,
    blocked, source, queue_position, queue_rank)
  VALUES (owner, song.id, song.show_id, song.title, song.artist, p_requester_name,
    p_requester_email, p_dedication, p_tip_amount, p_idempotency_key, p_status_token_hash,
    p_device_id, blocked, p_source, place,
    CASE WHEN place IS NOT NULL AND song.queue_order <> 'manual' THEN place
      ELSE extract(epoch from clock_timestamp()) END)
  RETURNING * INTO filed;
  outcome := 'created';
  request_id := filed.id;
  -- A blocked requester's request is answered like any other, and shown to no one.
  IF blocked THEN
    RETURN NEXT;
    RETURN;
  END IF;
  IF song.queue_order = 'manual' OR (song.queue_order = 'tips' AND p_tip_amount > 0)
      OR (place > 1 AND last IS NOT TRUE) THEN
    moved := ARRAY(SELECT renumber_queue(owner));
    SELECT r.queue_position, r.updated_at INTO filed.queue_position, filed.updated_at
    FROM requests r WHERE r.id = filed.id;
  ELSE
    moved := '{}';
  END IF;
  song_id := filed.song_id;
  song_title := filed.song_title;
  song_artist := filed.song_artist;
  requester_name := filed.requester_name;
  requester_email := filed.requester_email;
  dedication := filed.dedication;
  status := filed.status;
  tip_amount := filed.tip_amount;
  tip_clicked := filed.tip_clicked;
  show_id := filed.show_id;
  show_name := song.show_name;
  created_at := filed.created_at;
  updated_at := filed.updated_at;
  votes := filed.votes;
  queue_position := filed.queue_position;
  RETURN NEXT;
END;
$$;
