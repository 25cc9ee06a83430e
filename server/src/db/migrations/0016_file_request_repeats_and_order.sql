-- Issue 22: the no-repeats rule is decided where a request is filed, under the musician's lock
-- (a song marked played a moment before cannot slip in), and file_request sets the queue's order
-- in the same statement (one round trip, where the service made two more: renumber and re-read).

-- When the song was last played, if the musician's no-repeats rule holds it back now; else NULL.
-- 'show': played in the running show; 'hours': played within repeat_hours. A song one of whose
-- requests waits in the running show is never held back: asking again is a +1 on that request.
-- The one definition of the rule: the request's admission, file_request and the audience's song
-- list (server/src/submissions/repeat-rule-sql.ts) all call it.
CREATE FUNCTION song_held_back_at(p_musician uuid, p_song uuid) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN m.repeat_rule = 'allow' THEN NULL ELSE (
    SELECT max(r.played_at)
    FROM requests r LEFT JOIN shows sh ON sh.id = r.show_id
    WHERE r.musician_id = p_musician AND r.song_id = p_song AND r.status = 'played'
      AND NOT r.blocked
      AND CASE m.repeat_rule
        WHEN 'show' THEN sh.status IS NOT DISTINCT FROM 'active'
        WHEN 'hours' THEN r.played_at > now() - make_interval(hours => m.repeat_hours)
        ELSE false END
      AND NOT EXISTS (SELECT 1 FROM requests w
        WHERE w.musician_id = p_musician AND w.song_id = p_song
          AND w.status IN ('pending', 'accepted', 'up_next') AND NOT w.blocked
          AND w.show_id IS NOT DISTINCT FROM (SELECT s.id FROM shows s
            WHERE s.musician_id = p_musician AND s.status = 'active'))
  ) END
  FROM musicians m WHERE m.id = p_musician
$$;--> statement-breakpoint
DROP FUNCTION file_request(uuid, text, text, text, numeric, text, text, text, boolean, text,
  integer, integer, integer, integer);--> statement-breakpoint
CREATE FUNCTION file_request(
  p_song_id uuid,
  p_requester_name text,
  p_requester_email text,
  p_dedication text,
  p_tip_amount numeric,
  p_device_id text,
  p_idempotency_key text,
  p_status_token_hash text,
  p_blocked boolean,
  p_source text,
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
  wait_seconds float8,
  played_at timestamptz,
  moved uuid[]
) LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  owner uuid;
  song record;
  target uuid;
  target_is_mine boolean;
  mine uuid;
  wait float8;
  minute interval := interval '1 minute';
  requester_window interval := make_interval(mins => p_window_minutes);
  held_since timestamptz;
  moved_ids uuid[] := '{}';
BEGIN
  SELECT s.musician_id INTO owner FROM songs s WHERE s.id = p_song_id;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- One submission of a musician at a time from here to the end of the statement: its own
  -- key space (two keys), apart from the song list's lock on hashtext(musician) alone, so an
  -- import does not hold up the audience.
  PERFORM pg_advisory_xact_lock(hashtext('file_request'), hashtext(owner::text));

  SELECT s.id, s.musician_id, s.title, s.artist, s.hidden, m.requests_enabled, sh.id AS show_id
  INTO song
  FROM songs s
  JOIN musicians m ON m.id = s.musician_id
  LEFT JOIN shows sh ON sh.musician_id = s.musician_id AND sh.status = 'active'
  WHERE s.id = p_song_id
  FOR UPDATE OF s;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF song.hidden OR NOT song.requests_enabled THEN
    RETURN QUERY SELECT 'unavailable', song.musician_id, NULL::uuid, song.hidden,
      song.requests_enabled, NULL::float8,
      NULL::timestamptz, NULL::uuid[];
    RETURN;
  END IF;

  -- The same key a moment ago (a double tap on the same song): it waited on the lock.
  IF p_idempotency_key IS NOT NULL AND (
    EXISTS (SELECT 1 FROM requests r
      WHERE r.musician_id = song.musician_id AND r.idempotency_key = p_idempotency_key)
    OR EXISTS (SELECT 1 FROM request_voters v
      WHERE v.musician_id = song.musician_id AND v.idempotency_key = p_idempotency_key)
  ) THEN
    RETURN QUERY SELECT 'replay', song.musician_id, NULL::uuid, false, true, NULL::float8,
      NULL::timestamptz, NULL::uuid[];
    RETURN;
  END IF;

  -- No repeats, decided under the lock: a song marked played a moment ago is held back here,
  -- whatever the admission read before it.
  held_since := song_held_back_at(song.musician_id, song.id);
  IF held_since IS NOT NULL THEN
    RETURN QUERY SELECT 'repeat', song.musician_id, NULL::uuid, false, true, NULL::float8,
      held_since, NULL::uuid[];
    RETURN;
  END IF;

  -- The request of this song waiting in this show, and whether this requester filed it (a
  -- blocked requester's is stored apart: never merged, never counted on the song).
  SELECT r.id, (lower(r.requester_email) = lower(p_requester_email)
      OR (p_device_id <> '' AND r.device_id = p_device_id))
  INTO target, target_is_mine
  FROM requests r
  WHERE r.musician_id = song.musician_id AND r.song_id = song.id
    AND r.status IN ('pending', 'accepted', 'up_next') AND NOT r.blocked
    AND r.show_id IS NOT DISTINCT FROM song.show_id
  ORDER BY r.created_at, r.id
  LIMIT 1
  FOR UPDATE OF r;

  -- A +1 is one person: the same requester (email or device) asking again for a song of theirs
  -- still waiting, filed or joined, gets that request back, counting nothing. A blocked
  -- requester's own waiting request answers the same way, so the answer cannot tell them they
  -- are blocked.
  IF p_blocked THEN
    SELECT r.id INTO mine
    FROM requests r
    WHERE r.musician_id = song.musician_id AND r.song_id = song.id
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
    RETURN QUERY SELECT 'already', song.musician_id, mine, false, true, NULL::float8,
      NULL::timestamptz, NULL::uuid[];
    RETURN;
  END IF;

  -- The requester's own limit (a request and a +1 count alike), then the musician's budget for
  -- everyone over the last minute, then this address's share of it. Each reads at most `max`
  -- rows, newest first by index: the seconds until the oldest of them leaves the window.
  SELECT extract(epoch FROM (recent.created_at + requester_window - now()))::float8 INTO wait
  FROM (
    (SELECT r.created_at FROM requests r
      WHERE r.musician_id = song.musician_id AND r.created_at > now() - requester_window
        AND (lower(r.requester_email) = lower(p_requester_email)
          OR (p_device_id <> '' AND r.device_id = p_device_id))
      ORDER BY r.created_at DESC LIMIT p_per_requester)
    UNION ALL
    (SELECT v.created_at FROM request_voters v
      WHERE v.musician_id = song.musician_id AND v.created_at > now() - requester_window
        AND (lower(v.requester_email) = lower(p_requester_email)
          OR (p_device_id <> '' AND v.device_id = p_device_id))
      ORDER BY v.created_at DESC LIMIT p_per_requester)
  ) recent
  ORDER BY recent.created_at DESC OFFSET p_per_requester - 1 LIMIT 1;
  IF wait IS NOT NULL THEN
    RETURN QUERY SELECT 'requester_limit', song.musician_id, NULL::uuid, false, true, wait,
      NULL::timestamptz, NULL::uuid[];
    RETURN;
  END IF;

  SELECT extract(epoch FROM (recent.created_at + minute - now()))::float8 INTO wait
  FROM (
    (SELECT r.created_at FROM requests r
      WHERE r.musician_id = song.musician_id AND r.created_at > now() - minute
      ORDER BY r.created_at DESC LIMIT p_per_musician)
    UNION ALL
    (SELECT v.created_at FROM request_voters v
      WHERE v.musician_id = song.musician_id AND v.created_at > now() - minute
      ORDER BY v.created_at DESC LIMIT p_per_musician)
  ) recent
  ORDER BY recent.created_at DESC OFFSET p_per_musician - 1 LIMIT 1;
  IF wait IS NULL THEN
    SELECT extract(epoch FROM (recent.created_at + minute - now()))::float8 INTO wait
    FROM (
      (SELECT r.created_at FROM requests r
        WHERE r.musician_id = song.musician_id AND r.source = p_source
          AND r.created_at > now() - minute
        ORDER BY r.created_at DESC LIMIT p_per_source)
      UNION ALL
      (SELECT v.created_at FROM request_voters v
        WHERE v.musician_id = song.musician_id AND v.source = p_source
          AND v.created_at > now() - minute
        ORDER BY v.created_at DESC LIMIT p_per_source)
    ) recent
    ORDER BY recent.created_at DESC OFFSET p_per_source - 1 LIMIT 1;
  END IF;
  IF wait IS NOT NULL THEN
    RETURN QUERY SELECT 'musician_limit', song.musician_id, NULL::uuid, false, true, wait,
      NULL::timestamptz, NULL::uuid[];
    RETURN;
  END IF;

  IF NOT p_blocked THEN
    UPDATE songs SET request_count = request_count + 1 WHERE id = song.id;
  END IF;

  IF target IS NOT NULL AND NOT p_blocked THEN
    INSERT INTO request_voters (request_id, musician_id, requester_name, requester_email,
      dedication, tip_amount, device_id, idempotency_key, status_token_hash, source)
    VALUES (target, song.musician_id, p_requester_name, p_requester_email, p_dedication,
      p_tip_amount, p_device_id, p_idempotency_key, p_status_token_hash, p_source);
    -- Tips on a merged request add up, within the $500 the table allows one request (each
    -- person's own tip stays on their +1).
    UPDATE requests
    SET votes = votes + 1, updated_at = now(), tip_amount = least(tip_amount + p_tip_amount, 500)
    WHERE id = target;
    -- A +1 or a tip may move it up (queue order by votes or tips).
    moved_ids := ARRAY(SELECT renumber_queue(song.musician_id));
    RETURN QUERY SELECT 'merged', song.musician_id, target, false, true, NULL::float8,
      NULL::timestamptz, moved_ids;
    RETURN;
  END IF;

  INSERT INTO requests (musician_id, song_id, show_id, song_title, song_artist, requester_name,
    requester_email, dedication, tip_amount, idempotency_key, status_token_hash, device_id,
    blocked, source)
  VALUES (song.musician_id, song.id, song.show_id, song.title, song.artist, p_requester_name,
    p_requester_email, p_dedication, p_tip_amount, p_idempotency_key, p_status_token_hash,
    p_device_id, p_blocked, p_source)
  RETURNING id INTO target;
  -- Its place in line, and by votes or tips the places of the others, set in the same statement.
  IF NOT p_blocked THEN
    moved_ids := ARRAY(SELECT renumber_queue(song.musician_id));
  END IF;
  RETURN QUERY SELECT 'created', song.musician_id, target, false, true, NULL::float8,
    NULL::timestamptz, moved_ids;
END;
$$;
